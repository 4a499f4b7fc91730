/*
 * Attach points and their kernel side: perf events (cpu-clock for
 * profile, tracepoints for sdt) with the program attached through a BPF
 * link, falling back to the older PERF_EVENT_IOC_SET_BPF ioctl, and raw
 * tracepoints (syscall), whose fd is the attachment.  Every fd opened goes into the attach point, so closing them
 * (attach_close, or the process dying) leaves nothing in the kernel.
 */
#include <bpf/bpf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "../codegen/emit.h"
#include "prov.h"

struct attach *prov_attach_new(struct arena *a, const struct provider *prov,
			       struct probe **probes, size_t n,
			       uint32_t prog_type)
{
	struct attach *at = arena_alloc(a, sizeof(*at));

	at->prov = prov;
	at->probes = arena_memdup(a, probes, n * sizeof(*probes));
	at->nprobes = n;
	at->prog_type = prog_type;
	at->map = -1;
	at->nargs = -1;
	at->cpu = -1;
	return at;
}

void prov_attach_push(struct attach_vec *out, struct attach *at)
{
	vec_push(out, at);
}

const char *attach_desc(struct arena *a, const struct attach *at)
{
	const struct probe *p = at && at->nprobes ?
		at->probes[at->failed < at->nprobes ? at->failed : 0] :
		at ? at->owner : NULL;
	char buf[128];

	if (!p)
		return "?";
	return arena_printf(a, "%s:%s:%s:%s",
			    uwide_provname(p, at->prov_stem || at->failed_wide,
					   0, buf, sizeof(buf)),
			    p->mod, p->func, p->name);
}

void attach_close(struct attach *at)
{
	if (!at)
		return;
	/* links before the perf events they hang on: reverse order */
	while (at->fds.len > 0)
		close(at->fds.data[--at->fds.len]);
	vec_free(&at->fds);
}

/* The text of a small sysfs file; 0 or -errno. */
static int read_small(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -errno;
	buf[n] = '\0';
	return 0;
}

int prov_pmu_read(const char *name, struct prov_pmu *pmu)
{
	char path[128], buf[64];
	int err;

	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/type",
		 name);
	if ((err = read_small(path, buf, sizeof(buf))) < 0)
		return err;
	pmu->type = atoi(buf);
	snprintf(path, sizeof(path),
		 "/sys/bus/event_source/devices/%s/format/retprobe", name);
	if ((err = read_small(path, buf, sizeof(buf))) < 0)
		return err;
	if (sscanf(buf, "config:%d", &pmu->retbit) != 1)
		return -EINVAL;
	return 0;
}

/* parse "0-3,5,7-8" (sysfs cpu list) */
static int parse_cpulist(const char *s, int **cpus)
{
	VEC(int) v = {0};

	while (*s && *s != '\n') {
		char *end;
		long lo = strtol(s, &end, 10), hi = lo;

		if (end == s)
			break;
		s = end;
		if (*s == '-') {
			hi = strtol(s + 1, &end, 10);
			s = end;
		}
		for (long c = lo; c <= hi; c++)
			vec_push(&v, (int)c);
		if (*s == ',')
			s++;
	}
	*cpus = v.data;
	return v.len ? (int)v.len : -ENOENT;
}

int prov_online_cpus(int **cpus)
{
	char buf[1024];
	ssize_t n;
	int fd, err;

	*cpus = NULL;
	fd = open("/sys/devices/system/cpu/online", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, sizeof(buf) - 1);
	err = n < 0 ? -errno : 0;
	close(fd);
	if (err)
		return err;
	buf[n] = '\0';
	err = parse_cpulist(buf, cpus);
	if (err < 0) {
		free(*cpus);
		*cpus = NULL;
	}
	return err;
}

int prov_perf_attach(struct attach *at, int prog_fd,
		     struct perf_event_attr *attr, int cpu)
{
	int pfd, lfd;

	attr->size = sizeof(*attr);
	attr->disabled = 1;
	pfd = (int)syscall(__NR_perf_event_open, attr, -1, cpu, -1,
			   PERF_FLAG_FD_CLOEXEC);
	if (pfd < 0)
		return -errno;
	vec_push(&at->fds, pfd);
	lfd = bpf_link_create(prog_fd, pfd, BPF_PERF_EVENT, NULL);
	if (lfd >= 0) {
		vec_push(&at->fds, lfd);
	} else if (ioctl(pfd, PERF_EVENT_IOC_SET_BPF, prog_fd) < 0) {
		return -errno;
	}
	if (ioctl(pfd, PERF_EVENT_IOC_ENABLE, 0) < 0)
		return -errno;
	return 0;
}

/*
 * A tracepoint runs its BPF programs on every CPU whatever the CPU of the
 * perf event that attached them (the programs hang on the event, not on
 * the perf event), so one perf event on CPU 0 serves all CPUs; one per
 * CPU would run the program once per CPU on every hit.  This is what
 * libbpf does too (on CPU 0).
 */
int prov_tp_attach(struct attach *at, int prog_fd)
{
	struct perf_event_attr attr;
	const char *root = tracefs_path();
	int *cpus, id, cpu, n;

	if (!root)
		return -ENOENT;
	id = tracefs_event_id(root, at->path);
	if (id < 0)
		return id;
	/* CPU 0 can be offline on some machines: take the first online */
	n = prov_online_cpus(&cpus);
	cpu = n > 0 ? cpus[0] : 0;
	free(cpus);
	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_TRACEPOINT;
	attr.config = (uint64_t)id;
	/*
	 * A counting event, not a sampling one: the program runs either
	 * way, and some tracepoints refuse sampling events (irq_work_exit:
	 * its samples would raise the irq_work they trace).
	 */
	attr.sample_period = 0;
	return prov_perf_attach(at, prog_fd, &attr, cpu);
}

/*
 * A raw tracepoint: the fd bpf_raw_tracepoint_open returns holds the
 * attachment, and closing it detaches without waiting for the RCU grace
 * periods a tracepoint's last perf event makes the kernel wait for.
 */
int prov_raw_tp_attach(struct attach *at, int prog_fd)
{
	int fd = bpf_raw_tracepoint_open(at->path, prog_fd);

	if (fd < 0)
		return -errno;
	vec_push(&at->fds, fd);
	return 0;
}

/*
 * Whether raw tracepoint links take a cookie (Linux 6.10): then a
 * program reading the cookie loads.
 */
bool prov_raw_tp_cookies(void)
{
	static const struct bpf_insn insns[] = {
		I_CALL(BPF_FUNC_get_attach_cookie),
		I_MOV64_IMM(R0, 0),
		I_EXIT(),
	};
	int fd = bpf_prog_load(BPF_PROG_TYPE_RAW_TRACEPOINT, "bdt_rtp_cookie",
			       "GPL", insns, 3, NULL);

	if (fd < 0)
		return false;
	close(fd);
	return true;
}

/* the raw tracepoint of a probe: its path, after the group if any */
static const char *raw_tp_name(const struct probe *p)
{
	const char *slash = strchr(p->path, '/');

	return slash ? slash + 1 : p->path;
}

/*
 * BPF_RAW_TRACEPOINT_OPEN with a cookie, laid out by hand: the headers
 * of the kernels the build supports (6.1) lack the field.
 */
struct raw_tp_attr {
	uint64_t name;
	uint32_t prog_fd;
	uint32_t pad;
	uint64_t cookie;
};

/*
 * A glob over thousands of functions or tracepoints opens an fd or two
 * for each: more than the usual soft limit of 1024 open files, which
 * is raised towards the hard limit as far as needed.
 */
void prov_want_fds(size_t n)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < n + 256 &&
	    rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = n + 256 < rl.rlim_max ? n + 256 : rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
}

int prov_raw_tp_attach_each(struct attach *at, int prog_fd)
{
	prov_want_fds(at->nprobes);
	for (size_t i = 0; i < at->nprobes; i++) {
		union bpf_attr attr;
		struct raw_tp_attr *rt = (struct raw_tp_attr *)&attr;
		int fd;

		memset(&attr, 0, sizeof(attr));
		rt->name = (uint64_t)(uintptr_t)raw_tp_name(at->probes[i]);
		rt->prog_fd = (uint32_t)prog_fd;
		rt->cookie = at->probes[i]->id;
		fd = (int)syscall(__NR_bpf, BPF_RAW_TRACEPOINT_OPEN, &attr,
				  sizeof(attr));
		if (fd < 0) {
			at->failed = i;
			return -errno;
		}
		vec_push(&at->fds, fd);
	}
	return 0;
}

struct attach *prov_raw_tp_shared(const struct provider *prov,
				  struct probe **probes, size_t n,
				  struct dobj *obj)
{
	struct attach *at = prov_attach_new(obj->arena, prov, probes, n,
					    BPF_PROG_TYPE_RAW_TRACEPOINT);

	at->nargs = 0;
	at->kstack_skip = 1;	/* no stack is read: see PROBE_READS_KSTACK */
	return at;
}

void prov_emit_cookie_prid(struct emit *e)
{
	emit(e, I_MOV64_REG(R1, R6));
	emit(e, I_CALL(BPF_FUNC_get_attach_cookie));
	emit(e, I_MOV64_REG(R7, R0));
}

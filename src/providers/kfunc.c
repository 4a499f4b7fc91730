/*
 * Programs on kernel functions, the three ways Linux offers them:
 *
 * - fentry/fexit (BPF trampolines, Linux 5.5): a program typed by its
 *   one target function at load time, attached by a link; the cheapest
 *   per call, but one program per function.
 * - kprobes through the kprobe perf event source (one perf event per
 *   function, the program attached with a link carrying the probe id
 *   as its cookie, Linux 5.15), so one program serves many functions
 *   and no tracefs kprobe_events entry is ever left behind.
 * - kprobe_multi links (fprobe, Linux 5.18): one link attaches one
 *   program to many functions at once, each with its own cookie.
 *
 * What the running kernel offers is found by trying: the kprobe event
 * source in sysfs, a multi link on a name no kernel has (ESRCH means
 * the kernel looked it up), a two-instruction fentry program loaded on
 * the function.  Every fd opened goes into the attach point.
 */
#include <bpf/bpf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "../codegen/insn.h"
#include "prov.h"

const int16_t kfunc_arg_regs[KFUNC_NREGS] = { 112, 104, 96, 88, 72, 64 };

int kfunc_kprobe_type(void)
{
	struct prov_pmu pmu;
	int err = prov_pmu_read("kprobe", &pmu);

	return err ? err : pmu.type;
}

static const struct bpf_insn ret0[] = {
	I_MOV64_IMM(R0, 0),
	I_EXIT(),
};

bool kfunc_has_multi(void)
{
	LIBBPF_OPTS(bpf_prog_load_opts, po,
		    .expected_attach_type = BPF_TRACE_KPROBE_MULTI);
	const char *syms[] = { "bdtrace_no_such_function" };
	LIBBPF_OPTS(bpf_link_create_opts, lo, .kprobe_multi.syms = syms,
		    .kprobe_multi.cnt = 1);
	int fd, lfd, err;

	fd = bpf_prog_load(BPF_PROG_TYPE_KPROBE, "bdt_multi", "GPL", ret0,
			   2, &po);
	if (fd < 0)
		return false;
	lfd = bpf_link_create(fd, 0, BPF_TRACE_KPROBE_MULTI, &lo);
	err = lfd < 0 ? -errno : 0;
	if (lfd >= 0)
		close(lfd);
	close(fd);
	return lfd >= 0 || err == -ESRCH || err == -ENOENT;
}

int kfunc_fentry_try(uint32_t btf_id, const char *mod, bool ret)
{
	LIBBPF_OPTS(bpf_prog_load_opts, po,
		    .expected_attach_type = ret ? BPF_TRACE_FEXIT
						: BPF_TRACE_FENTRY,
		    .attach_btf_id = btf_id);
	int fd, btf_fd = -1, err;

	if (mod && strcmp(mod, "vmlinux")) {
		if ((btf_fd = prov_btf_obj_fd(mod)) < 0)
			return btf_fd;
		po.attach_btf_obj_fd = (uint32_t)btf_fd;
	}
	fd = bpf_prog_load(BPF_PROG_TYPE_TRACING, "bdt_fentry", "GPL", ret0,
			   2, &po);
	err = fd < 0 ? -errno : 0;
	if (fd >= 0)
		close(fd);
	if (btf_fd >= 0)
		close(btf_fd);
	return err;
}

/* "mod:func" for a module's function, as kallsyms lookups take it */
static const char *kprobe_sym(const struct probe *p, char *buf, size_t size)
{
	if (!strcmp(p->mod, "vmlinux"))
		return p->func;
	snprintf(buf, size, "%s:%s", p->mod, p->func);
	return buf;
}

/* one kprobe perf event on function sym, the program linked with cookie */
static int kprobe_one(struct attach *at, int prog_fd,
		      const struct prov_pmu *pmu, int cpu, const char *sym,
		      uint64_t cookie, bool ret)
{
	LIBBPF_OPTS(bpf_link_create_opts, lo, .perf_event.bpf_cookie = cookie);
	struct perf_event_attr attr;
	int pfd, lfd;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = (uint32_t)pmu->type;
	attr.config = ret ? 1ULL << pmu->retbit : 0;
	attr.config1 = (uint64_t)(uintptr_t)sym;
	attr.disabled = 1;
	pfd = (int)syscall(__NR_perf_event_open, &attr, -1, cpu, -1,
			   PERF_FLAG_FD_CLOEXEC);
	if (pfd < 0)
		return -errno;
	vec_push(&at->fds, pfd);
	lfd = bpf_link_create(prog_fd, pfd, BPF_PERF_EVENT, &lo);
	if (lfd < 0)
		return -errno;
	vec_push(&at->fds, lfd);
	if (ioctl(pfd, PERF_EVENT_IOC_ENABLE, 0) < 0)
		return -errno;
	return 0;
}

/*
 * The kprobe event source and the CPU of the events; 0 or -errno with
 * at->why said.  A kprobe's program runs on every CPU whatever the CPU
 * of its perf event, as a tracepoint's does (see prov_tp_attach): one
 * event each.
 */
static int kprobe_setup(struct attach *at, struct prov_pmu *pmu, int *cpu,
			size_t nevents)
{
	int *cpus, n, err = prov_pmu_read("kprobe", pmu);

	if (err < 0) {
		snprintf(at->why, sizeof(at->why),
			 "the kernel has no kprobe event source (%s)",
			 strerror(-err));
		return err;
	}
	n = prov_online_cpus(&cpus);
	*cpu = n > 0 ? cpus[0] : 0;
	free(cpus);
	prov_want_fds(2 * nevents);	/* a perf event and a link each */
	return 0;
}

int kfunc_kprobe_attach(struct attach *at, int prog_fd, bool ret)
{
	struct prov_pmu pmu;
	int cpu, err = kprobe_setup(at, &pmu, &cpu, at->nprobes);

	for (size_t i = 0; i < at->nprobes && !err; i++) {
		const struct probe *p = at->probes[i];
		char sym[256];

		err = kprobe_one(at, prog_fd, &pmu, cpu,
				 kprobe_sym(p, sym, sizeof(sym)), p->id, ret);
		if (err) {
			at->failed = i;
			snprintf(at->why, sizeof(at->why), "kprobe: %s",
				 strerror(-err));
		}
	}
	return err;
}

int kfunc_kprobe_attach_syms(struct attach *at, int prog_fd,
			     const char *const *syms, const uint64_t *cookies,
			     size_t n, bool ret)
{
	struct prov_pmu pmu;
	int cpu, err = kprobe_setup(at, &pmu, &cpu, n);

	for (size_t i = 0; i < n && !err; i++) {
		err = kprobe_one(at, prog_fd, &pmu, cpu, syms[i], cookies[i],
				 ret);
		if (err)
			snprintf(at->why, sizeof(at->why), "kprobe on %s(): %s",
				 syms[i], strerror(-err));
	}
	return err;
}

int kfunc_multi_attach(struct attach *at, int prog_fd, bool ret)
{
	const char **syms = xcalloc(at->nprobes, sizeof(*syms));
	__u64 *cookies = xcalloc(at->nprobes, sizeof(*cookies));
	LIBBPF_OPTS(bpf_link_create_opts, lo);
	int fd, err = 0;

	for (size_t i = 0; i < at->nprobes; i++) {
		syms[i] = at->probes[i]->func;
		cookies[i] = at->probes[i]->id;
	}
	lo.kprobe_multi.syms = syms;
	lo.kprobe_multi.cookies = cookies;
	lo.kprobe_multi.cnt = (uint32_t)at->nprobes;
	lo.kprobe_multi.flags = ret ? BPF_F_KPROBE_MULTI_RETURN : 0;
	fd = bpf_link_create(prog_fd, 0, BPF_TRACE_KPROBE_MULTI, &lo);
	if (fd < 0) {
		err = -errno;
		snprintf(at->why, sizeof(at->why),
			 "kprobe_multi link on %zu functions: %s",
			 at->nprobes, strerror(-err));
	} else {
		vec_push(&at->fds, fd);
	}
	free(syms);
	free(cookies);
	return err;
}

/*
 * A program typed by its target (fentry, fexit, tp_btf): a link, or on
 * kernels before links for these (5.8) the raw tracepoint open call.
 */
int kfunc_tracing_attach(struct attach *at, int prog_fd)
{
	int fd = bpf_link_create(prog_fd, 0, at->attach_type, NULL);

	if (fd < 0 && errno == EINVAL)
		fd = bpf_raw_tracepoint_open(NULL, prog_fd);
	if (fd < 0)
		return -errno;
	vec_push(&at->fds, fd);
	return 0;
}

/*
 * Attaching a program to user probes.  Each probe is a uprobe (or a
 * uretprobe) created through the kernel's uprobe PMU with
 * perf_event_open(2), on a file and an offset, filtered on the process,
 * with the USDT semaphore's offset for the kernel to raise while the
 * probe is attached; the program hangs on it through a BPF link that
 * carries the probe's id as its cookie, so one program serves many
 * probes and tells them apart with bpf_get_attach_cookie().  Every fd is
 * the attach point's: closing them (or dtrace dying) removes the
 * uprobes and lowers the semaphores.
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

#include "../codegen/emit.h"
#include "uprov.h"

#define UPROBE_PMU	"/sys/bus/event_source/devices/uprobe/"
/* the kernel's own ENOTSUPP, which strerror() does not know */
#define ENOTSUPP_KERNEL	524

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

struct upmu {
	int type;		/* the PMU's perf event type */
	int retbit;		/* config bit of a uretprobe */
};

static int upmu_read(struct upmu *u)
{
	char buf[64];
	int err = read_small(UPROBE_PMU "type", buf, sizeof(buf));

	if (err < 0)
		return err;
	u->type = atoi(buf);
	err = read_small(UPROBE_PMU "format/retprobe", buf, sizeof(buf));
	if (err < 0)
		return err;
	if (sscanf(buf, "config:%d", &u->retbit) != 1)
		return -EINVAL;
	return 0;
}

static int open_one(const struct upmu *u, const struct usite *s)
{
	struct perf_event_attr attr;
	int fd;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = (uint32_t)u->type;
	if (s->kind == US_RETURN)
		attr.config |= 1ULL << u->retbit;
	attr.config |= s->ref_ctr_off << 32;
	attr.config1 = (uint64_t)(uintptr_t)s->path;	/* uprobe_path */
	attr.config2 = s->off;				/* probe_offset */
	attr.sample_period = 1;
	attr.wakeup_events = 1;
	attr.disabled = 1;
	/* a process's probe on any CPU; every process's: one event serves */
	fd = (int)syscall(__NR_perf_event_open, &attr, s->pid > 0 ? s->pid : -1,
			  s->pid > 0 ? -1 : 0, -1, PERF_FLAG_FD_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

/* One uprobe with the program on it, its cookie the probe id. */
static int attach_one(struct attach *at, const struct upmu *u, int prog_fd,
		      const struct usite *s)
{
	LIBBPF_OPTS(bpf_link_create_opts, opts);
	int pfd = open_one(u, s), lfd;

	if (pfd < 0)
		return pfd;
	vec_push(&at->fds, pfd);
	opts.perf_event.bpf_cookie = s->prid |
				     (uint64_t)s->kernel_caller << 32;
	lfd = bpf_link_create(prog_fd, pfd, BPF_PERF_EVENT, &opts);
	if (lfd < 0)
		return -errno;
	vec_push(&at->fds, lfd);
	if (ioctl(pfd, PERF_EVENT_IOC_ENABLE, 0) < 0)
		return -errno;
	return 0;
}

/* The probe of at whose site s is. */
static size_t failed_probe(const struct attach *at, const struct usite *s)
{
	for (size_t i = 0; i < at->nprobes; i++)
		if (at->probes[i]->id == s->prid)
			return i;
	return 0;
}

int uprobe_attach(struct attach *at, int prog_fd)
{
	const struct usite_set *set = at->priv;
	struct upmu u;
	int err = upmu_read(&u);

	if (err < 0)
		return err == -ENOENT ? -EOPNOTSUPP : err;
	for (size_t i = 0; i < set->n; i++) {
		err = attach_one(at, &u, prog_fd, set->v[i]);
		/* the kernel's ENOTSUPP: an instruction uprobes cannot take */
		if (err == -ENOTSUPP_KERNEL)
			err = -EOPNOTSUPP;
		/* a globbed offset on such an instruction (hlt): skipped */
		if ((err == -EINVAL || err == -EOPNOTSUPP) &&
		    set->v[i]->optional)
			continue;
		if (err < 0) {
			at->failed = failed_probe(at, set->v[i]);
			return err;
		}
	}
	return 0;
}

static bool same_args(const struct usite *a, const struct usite *b)
{
	if (a->nargs != b->nargs)
		return false;
	for (int i = 0; i < a->nargs; i++) {
		const struct usdt_arg *x = &a->args[i], *y = &b->args[i];

		if (x->kind != y->kind || x->size != y->size ||
		    x->is_signed != y->is_signed || x->reg != y->reg ||
		    x->val != y->val)
			return false;
	}
	return true;
}

/* Can sites a (of probe pa) and b (of pb) share one program? */
static bool same_program(const struct probe *pa, const struct usite *a,
			 const struct probe *pb, const struct usite *b)
{
	return pa->group == pb->group && a->kind == b->kind &&
	       same_args(a, b);
}

int uprobe_plan(const struct provider *prov, struct probe **probes,
		size_t n, struct dobj *obj, struct attach_vec *out)
{
	VEC(const struct usite *) sites = { 0 };
	VEC(struct probe *) owner = { 0 };

	for (size_t i = 0; i < n; i++)
		for (const struct usite *s = probes[i]->priv; s; s = s->next) {
			vec_push(&sites, s);
			vec_push(&owner, probes[i]);
		}
	bool *done = xcalloc(sites.len + 1, sizeof(*done));
	const struct usite **v = xcalloc(sites.len + 1, sizeof(*v));
	struct probe **pv = xcalloc(sites.len + 1, sizeof(*pv));

	for (size_t i = 0; i < sites.len; i++) {
		size_t k = 0, np = 0;

		if (done[i])
			continue;
		for (size_t j = i; j < sites.len; j++) {
			if (done[j] || !same_program(owner.data[i], sites.data[i],
						     owner.data[j], sites.data[j]))
				continue;
			done[j] = true;
			v[k++] = sites.data[j];
			if (np == 0 || pv[np - 1] != owner.data[j])
				pv[np++] = owner.data[j];
		}
		struct attach *at = prov_attach_new(obj->arena, prov, pv, np,
						    BPF_PROG_TYPE_KPROBE);
		struct usite_set *set = arena_alloc(obj->arena, sizeof(*set));

		set->v = arena_memdup(obj->arena, v, sizeof(*v) * k);
		set->n = k;
		at->priv = set;
		at->data = sites.data[i]->kind;
		at->ustack_entry = sites.data[i]->kind == US_ENTRY;
		prov_attach_push(out, at);
	}
	free(pv);
	free(v);
	free(done);
	vec_free(&owner);
	vec_free(&sites);
	return 0;
}

void uprobe_emit_prid(const struct attach *at, struct emit *e, int exit_label)
{
	(void)at;
	(void)exit_label;
	emit(e, I_MOV64_REG(R1, R6));
	emit(e, I_CALL(BPF_FUNC_get_attach_cookie));
	emit(e, I_MOV32_REG(R7, R0));	/* the low 32 bits: the probe id */
}

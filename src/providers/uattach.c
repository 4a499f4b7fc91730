/*
 * Attaching a program to user probes.  On Linux 6.6 and later, all the
 * sites of an attach point in one file and process are one uprobe_multi
 * link: one system call for thousands of functions, and as quick to
 * remove.  Before, each site is a uprobe (or a uretprobe) created
 * through the kernel's uprobe PMU with perf_event_open(2), with the
 * program on it through a BPF link: three system calls and a uprobe
 * registration each.  Either way a uprobe is a file and an offset,
 * filtered on the process, with the USDT semaphore's offset for the
 * kernel to raise while it is attached, and its BPF cookie is the
 * probe's id (and the process, site_cookie), so one program serves
 * many probes and tells them apart with bpf_get_attach_cookie().  Every
 * fd is the attach point's: closing them (or dtrace dying) removes the
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

/* the kernel's own ENOTSUPP, which strerror() does not know */
#define ENOTSUPP_KERNEL	524

static int open_one(const struct prov_pmu *u, const struct usite *s)
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

/* One uprobe with the program on it, the cookie given. */
static int attach_cookie(struct attach *at, const struct prov_pmu *u,
			 int prog_fd, const struct usite *s, uint64_t cookie)
{
	LIBBPF_OPTS(bpf_link_create_opts, opts);
	int pfd = open_one(u, s), lfd;

	if (pfd < 0)
		return pfd;
	vec_push(&at->fds, pfd);
	opts.perf_event.bpf_cookie = cookie;
	lfd = bpf_link_create(prog_fd, pfd, BPF_PERF_EVENT, &opts);
	if (lfd < 0)
		return -errno;
	vec_push(&at->fds, lfd);
	if (ioctl(pfd, PERF_EVENT_IOC_ENABLE, 0) < 0)
		return -errno;
	return 0;
}

/*
 * A site's BPF cookie: the probe id, and above it the process the
 * uprobe is for (0: every process), which the program checks
 * (uprobe_emit_prid): before Linux 6.12 the kernel does not filter a
 * uretprobe on its perf event's process, so one attached for a process
 * runs its program whenever any process returns through that function
 * while any uprobe at the same file offset is on (docs/design.md).
 */
static uint64_t site_cookie(const struct usite *s)
{
	return (s->pid > 0 ? (uint64_t)(uint32_t)s->pid << 32 : 0) | s->prid;
}

/* A site's uprobe, its cookie site_cookie's. */
static int attach_one(struct attach *at, const struct prov_pmu *u, int prog_fd,
		      const struct usite *s)
{
	return attach_cookie(at, u, prog_fd, s, site_cookie(s));
}

int uprobe_attach_one(struct attach *at, const char *path, uint64_t off,
		      int pid, uint64_t cookie, int prog_fd)
{
	struct usite s = { .pid = pid, .path = path, .off = off,
			   .kind = US_OFFSET };
	struct prov_pmu u;
	int err = prov_pmu_read("uprobe", &u);

	return err < 0 ? err : attach_cookie(at, &u, prog_fd, &s, cookie);
}

/* The probe of at whose site s is. */
static size_t failed_probe(const struct attach *at, const struct usite *s)
{
	for (size_t i = 0; i < at->nprobes; i++)
		if (at->probes[i]->id == s->prid)
			return i;
	return 0;
}

/*
 * Say which probe the kernel refused, and why when errno does not.  A
 * site for every process (uwide.c) is the file's, and so is an
 * instruction the kernel refuses in a file that a glob over every
 * process found (its every process would be refused too): those
 * failures are not the first process's, whose probe the site is.
 */
static void refused(struct attach *at, const struct usite *s, int err)
{
	at->failed = failed_probe(at, s);
	at->failed_wide = s->pid <= 0 ||
			  (s->wide && (err == -EOPNOTSUPP || err == -EINVAL));
	if (err == -EOPNOTSUPP)
		snprintf(at->why, sizeof(at->why), "the kernel puts no uprobe on "
			 "the instruction at %#llx of %s",
			 (unsigned long long)s->off, s->path);
}

/*
 * Does this kernel make uprobe_multi links (Linux 6.6)?  Older ones load
 * the program all the same (they ignore its expected attach type), so a
 * link is tried: on a directory, which a kernel that knows the link type
 * refuses with EBADF (not a regular file) and an older one with EINVAL.
 */
static bool multi_supported(void)
{
	static const struct bpf_insn insns[] = {
		I_MOV64_IMM(R0, 0), I_EXIT(),
	};
	LIBBPF_OPTS(bpf_prog_load_opts, opts,
		    .expected_attach_type = ATTACH_UPROBE_MULTI);
	const char *env = getenv("BDT_UPROBE_MULTI");
	uint64_t off = 0;
	struct multi_attr attr = {
		.attach_type = ATTACH_UPROBE_MULTI,
		.path = (uint64_t)(uintptr_t)"/",
		.offsets = (uint64_t)(uintptr_t)&off, .cnt = 1,
	};
	int fd, lfd, err;

	if (env && strcmp(env, "0") == 0)
		return false;	/* to measure or test the older way */
	fd = bpf_prog_load(BPF_PROG_TYPE_KPROBE, "dtrace_probe", "GPL", insns,
			   2, &opts);
	if (fd < 0)
		return false;
	attr.prog_fd = (uint32_t)fd;
	lfd = (int)syscall(__NR_bpf, BPF_LINK_CREATE, &attr, sizeof(attr));
	err = errno;
	if (lfd >= 0)
		close(lfd);
	close(fd);
	return lfd < 0 && err == EBADF;
}

/* One uprobe_multi link for sites v[0 .. n), of one file and process. */
static int multi_link(struct attach *at, int prog_fd,
		      const struct usite *const *v, size_t n)
{
	uint64_t *offs = xcalloc(n, sizeof(*offs));
	uint64_t *refs = xcalloc(n, sizeof(*refs));
	uint64_t *cookies = xcalloc(n, sizeof(*cookies));
	struct multi_attr attr = {
		.prog_fd = (uint32_t)prog_fd,
		.attach_type = ATTACH_UPROBE_MULTI,
		.path = (uint64_t)(uintptr_t)v[0]->path,
		.offsets = (uint64_t)(uintptr_t)offs,
		.ref_ctr_offsets = (uint64_t)(uintptr_t)refs,
		.cookies = (uint64_t)(uintptr_t)cookies,
		.cnt = (uint32_t)n,
		.mflags = v[0]->kind == US_RETURN ? UPROBE_MULTI_RETURN : 0,
		.pid = v[0]->pid > 0 ? (uint32_t)v[0]->pid : 0,
	};
	int fd;

	for (size_t i = 0; i < n; i++) {
		offs[i] = v[i]->off;
		refs[i] = v[i]->ref_ctr_off;
		cookies[i] = site_cookie(v[i]);
	}
	fd = (int)syscall(__NR_bpf, BPF_LINK_CREATE, &attr, sizeof(attr));
	free(offs);
	free(refs);
	free(cookies);
	if (fd < 0)
		return errno == ENOTSUPP_KERNEL ? -EOPNOTSUPP : -errno;
	vec_push(&at->fds, fd);
	return 0;
}

/*
 * Sites v[0 .. n) of one file and process, in as few links as the kernel
 * takes: a link it refuses is split in halves, so that a globbed offset
 * on an instruction uprobes cannot take is found and left out.
 */
static int multi_attach(struct attach *at, int prog_fd,
			const struct usite *const *v, size_t n)
{
	int err = multi_link(at, prog_fd, v, n);

	/* the process has exited since its probes were found (a glob's
	 * short-lived child): nothing of it can fire */
	if (err == -ESRCH && v[0]->pid > 0)
		return 0;
	if (err == 0)
		return 0;
	/* (the sites are one process's, or every process's: v[0] says) */
	if (n == 1 || (err != -EINVAL && err != -EOPNOTSUPP)) {
		if (n == 1 && v[0]->optional && (err == -EINVAL ||
						 err == -EOPNOTSUPP))
			return 0;
		refused(at, v[0], err);
		return err;
	}
	err = multi_attach(at, prog_fd, v, n / 2);
	return err < 0 ? err : multi_attach(at, prog_fd, v + n / 2, n - n / 2);
}

static int site_cmp(const void *a, const void *b)
{
	const struct usite *x = *(const struct usite *const *)a;
	const struct usite *y = *(const struct usite *const *)b;
	int c = strcmp(x->path, y->path);

	return c ? c : (x->pid > y->pid) - (x->pid < y->pid);
}

/* The attach point's sites by file and process, a link each. */
static int attach_multi(struct attach *at, int prog_fd)
{
	const struct usite_set *set = at->priv;
	const struct usite **v = xcalloc(set->n + 1, sizeof(*v));
	int err = 0;

	size_t n = 0;

	for (size_t i = 0; i < set->n; i++)
		if (set->v[i]->prid >= at->min_prid)
			v[n++] = set->v[i];
	qsort(v, n, sizeof(*v), site_cmp);
	for (size_t i = 0, j; i < n && err == 0; i = j) {
		for (j = i + 1; j < n && site_cmp(&v[i], &v[j]) == 0; j++)
			;
		err = multi_attach(at, prog_fd, v + i, j - i);
	}
	free(v);
	return err;
}

int uprobe_attach(struct attach *at, int prog_fd)
{
	const struct usite_set *set = at->priv;
	struct prov_pmu u;
	int err;

	if (at->attach_type == ATTACH_UPROBE_MULTI)
		return attach_multi(at, prog_fd);
	err = prov_pmu_read("uprobe", &u);

	if (err < 0)
		return err == -ENOENT ? -EOPNOTSUPP : err;
	for (size_t i = 0; i < set->n; i++) {
		if (set->v[i]->prid < at->min_prid)
			continue;
		err = attach_one(at, &u, prog_fd, set->v[i]);
		/* the kernel's ENOTSUPP: an instruction uprobes cannot take */
		if (err == -ENOTSUPP_KERNEL)
			err = -EOPNOTSUPP;
		/* a globbed offset on such an instruction (hlt): skipped */
		if ((err == -EINVAL || err == -EOPNOTSUPP) &&
		    set->v[i]->optional)
			continue;
		/* its process has exited since (see multi_attach) */
		if (err == -ESRCH && set->v[i]->pid > 0)
			continue;
		if (err < 0) {
			refused(at, set->v[i], err);
			return err;
		}
	}
	return 0;
}

bool uprobe_is(const struct attach *at)
{
	return at && at->prov && at->prov->attach == uprobe_attach && at->priv;
}

bool uprobe_forks(const struct attach *at)
{
	const struct usite_set *set = at ? at->priv : NULL;

	for (size_t i = 0; uprobe_is(at) && i < set->n; i++)
		if (set->v[i]->pid > 0 && !set->v[i]->wide)
			return true;
	return false;
}

int uprobe_attach_fork(struct attach *at, int prog_fd, int root, int child)
{
	const struct usite_set *set = at->priv;
	struct usite *copy;
	const struct usite **v;
	struct usite_set mine = { 0 };
	uint32_t min_prid;
	int err = 0;

	if (!uprobe_is(at))
		return 0;
	copy = xcalloc(set->n + 1, sizeof(*copy));
	v = xcalloc(set->n + 1, sizeof(*v));
	for (size_t i = 0; i < set->n; i++)
		if (set->v[i]->pid == root && !set->v[i]->wide) {
			copy[mine.n] = *set->v[i];
			copy[mine.n].pid = child;
			v[mine.n] = &copy[mine.n];
			mine.n++;
		}
	mine.v = v;
	if (mine.n) {
		/* the sites are the child's for this attachment only */
		at->priv = &mine;
		min_prid = at->min_prid;
		at->min_prid = 0;
		err = uprobe_attach(at, prog_fd);
		at->min_prid = min_prid;
		at->priv = (void *)set;
	}
	free(v);
	free(copy);
	return err;
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

/*
 * Attach points for sites v[0 .. n) (of probes owner[]): one for each
 * set of sites that can share a program; wide ones (every process's,
 * uwide.c) one per file and provider too (whose name the firing
 * process's id completes), skipping the processes among all[0 .. nall)
 * that have sites of their own.
 */
static void group_sites(const struct provider *prov, const struct usite **v,
			struct probe **owner, size_t n, bool wide,
			const struct usite *const *all, size_t nall,
			bool multi, struct dobj *obj, struct attach_vec *out)
{
	bool *done = xcalloc(n + 1, sizeof(*done));
	const struct usite **g = xcalloc(n + 1, sizeof(*g));
	struct probe **pv = xcalloc(n + 1, sizeof(*pv));

	for (size_t i = 0; i < n; i++) {
		size_t k = 0, np = 0;

		if (done[i])
			continue;
		for (size_t j = i; j < n; j++) {
			if (done[j] || !same_program(owner[i], v[i], owner[j],
						     v[j]) ||
			    (wide && (strcmp(v[i]->path, v[j]->path) != 0 ||
				      strcmp(v[i]->prov, v[j]->prov) != 0)))
				continue;
			done[j] = true;
			g[k++] = v[j];
			if (np == 0 || pv[np - 1] != owner[j])
				pv[np++] = owner[j];
		}
		struct attach *at = prov_attach_new(obj->arena, prov, pv, np,
						    BPF_PROG_TYPE_KPROBE);

		if (multi)
			at->attach_type = ATTACH_UPROBE_MULTI;
		struct usite_set *set = arena_alloc(obj->arena, sizeof(*set));

		set->v = arena_memdup(obj->arena, g, sizeof(*g) * k);
		set->n = k;
		if (wide) {
			uwide_skips(set, all, nall, obj->arena);
			at->prov_stem = v[i]->prov;
		}
		at->priv = set;
		at->data = v[i]->kind;
		at->ustack_entry = v[i]->kind == US_ENTRY;
		prov_attach_push(out, at);
	}
	free(pv);
	free(g);
	free(done);
}

int uprobe_plan(const struct provider *prov, struct probe **probes,
		size_t n, struct dobj *obj, struct attach_vec *out)
{
	VEC(const struct usite *) sites = { 0 };
	VEC(struct probe *) owner = { 0 };
	size_t own = 0, nw;
	bool multi = multi_supported();

	for (size_t i = 0; i < n; i++)
		for (const struct usite *s = probes[i]->priv; s; s = s->next) {
			vec_push(&sites, s);
			vec_push(&owner, probes[i]);
		}
	/* the sites attached for their process: all but the covered, and
	 * those of files no process mapped (ufile.c), which are wide only */
	const struct usite **v = xcalloc(sites.len + 1, sizeof(*v));
	struct probe **pv = xcalloc(sites.len + 1, sizeof(*pv));

	for (size_t i = 0; i < sites.len; i++)
		if (!sites.data[i]->covered && sites.data[i]->pid > 0) {
			v[own] = sites.data[i];
			pv[own++] = owner.data[i];
		}
	group_sites(prov, v, pv, own, false, NULL, 0,
		    multi && umulti_pid_filter(), obj, out);
	/* and those attached for every process */
	nw = uwide_sites(sites.data, sites.len, obj->arena, v);
	for (size_t i = 0, k = 0; i < sites.len; i++)
		if (sites.data[i]->wide_first)
			pv[k++] = owner.data[i];
	group_sites(prov, v, pv, nw, true, sites.data, sites.len, multi,
		    obj, out);
	free(pv);
	free(v);
	vec_free(&owner);
	vec_free(&sites);
	return 0;
}

void uprobe_emit_prid(const struct attach *at, struct emit *e, int exit_label)
{
	const struct usite_set *set = at->priv;
	int any = emit_label_new(e);

	if (set && set->wide)
		uwide_emit_skip(set, e, exit_label);
	emit(e, I_MOV64_REG(R1, R6));
	emit(e, I_CALL(BPF_FUNC_get_attach_cookie));
	emit(e, I_MOV32_REG(R7, R0));
	/* the process the site is for (site_cookie): another one's firing
	 * is not this attachment's */
	emit(e, I_MOV64_REG(R8, R0));
	emit(e, I_ALU64_IMM(BPF_RSH, R8, 32));
	emit_jmp_imm(e, BPF_JEQ, R8, 0, any);
	emit(e, I_CALL(BPF_FUNC_get_current_pid_tgid));
	emit(e, I_ALU64_IMM(BPF_RSH, R0, 32));
	emit_jmp_reg(e, BPF_JNE, R0, R8, exit_label);
	emit_label_place(e, any);
}

/*
 * What the provider files share with each other and nobody else: the
 * provider objects the registry lists, tracefs access (available_events,
 * event ids, format files), perf-event attachment, and the small code
 * sequences every prologue uses.  Other modules use provider.h only.
 */
#ifndef BD_PROV_H
#define BD_PROV_H

#include <linux/perf_event.h>
#include <stddef.h>

#include "../codegen/dobj.h"
#include "provider.h"

struct emit;

extern const struct provider prov_dtrace;
extern const struct provider prov_profile;
extern const struct provider prov_syscall;
extern const struct provider prov_sdt;
extern const struct provider prov_rawtp;
extern const struct provider prov_fbt;
extern const struct provider prov_pid;
extern const struct provider prov_usdt;
extern const struct provider prov_dtmalloc;

/* the minimum profile/tick interval DTrace allows: 200 microseconds */
#define PROV_PROFILE_MIN_NS	200000ULL

/* profile.c: period in ns of "profile-N[unit]"/"tick-N[unit]"; 0 if bad */
uint64_t prov_profile_period(const char *name, bool *is_tick);

/* tracefs.c */
/* the mount point, finding it on first use (cached in tab) */
const char *tracefs_root(struct probe_table *tab);
/* tracefs available_events ("group:event\n"...), read once; NULL if none */
const char *tracefs_events(struct probe_table *tab);
/* call fn for every "group:event" line of available_events */
void tracefs_each_event(struct probe_table *tab,
			void (*fn)(struct probe_table *tab, const char *group,
				   const char *event, void *arg),
			void *arg);
/* is there an event whose name (after "group:") matches pattern? */
bool tracefs_has_event(const struct provider *prov, struct probe_table *tab,
		       const char *pattern);
/* read root/rel into a and NUL-terminate it; 0 or -errno */
int tracefs_read(struct arena *a, const char *root, const char *rel,
		 char **out);
/* the id of tracepoint "group/event"; >= 0 or -errno */
int tracefs_event_id(const char *root, const char *path);
/*
 * Parse a tracepoint `format` text into the fields after the common_*
 * ones (and after any named skip, e.g. "__syscall_nr"); returns their
 * number and sets *out (allocated in a), or -EINVAL for text that is not
 * a format.  A pure function, for testing without a kernel.
 */
int tracefs_parse_format(struct arena *a, const char *text, const char *skip,
			 struct probe_arg **out);
/* read and parse events/<path>/format; count or -errno */
int tracefs_describe(struct arena *a, const char *root, const char *path,
		     const char *skip, struct probe_arg **out);

/* kbtf.c: the kernel's BTF (probes_kbtf, lib/kbtf.h) as providers use it */
struct btf;
/* whether tracepoint tp has a raw tracepoint (a btf_trace_tp typedef) */
bool prov_has_rawtp(struct probe_table *tab, const char *tp);
/* the C text of type id ("struct file *"), allocated in a */
const char *prov_btf_type_text(struct arena *a, const struct btf *btf,
			       uint32_t id);
/* the width an integer, enum or pointer type loads with; 0 for others */
uint32_t prov_btf_scalar(const struct btf *btf, uint32_t id, bool *is_signed);

/*
 * syscall.c: the sys_enter/sys_exit raw tracepoint path, which sdt's
 * syscalls group shares.  Usable where the kernel has BTF and
 * bpf_task_pt_regs (x86-64, Linux 5.15).
 */
bool prov_syscall_raw_ok(void);
/* whether n probes of one kind go on the raw path (else one tracepoint each) */
bool prov_syscall_use_raw(size_t n);
/* the system call number of tracepoint path "syscalls/sys_enter_X", or -1 */
int64_t prov_syscall_nr(const char *path);
/*
 * One program for the probes of one kind (ret: sys_exit), told apart by
 * their p->data, the system call number; nargs: how many arguments a
 * single entry probe's call has (-1: all six).
 */
struct attach *prov_syscall_plan_raw(const struct provider *prov,
				     struct probe **probes, size_t n,
				     bool ret, int nargs, struct dobj *obj);
/* R7 = the probe id of the firing's system call (exit if none) */
void prov_syscall_raw_prid(const struct attach *at, struct emit *e,
			   int exit_label);
/* dctx->args from first on (see syscall.c); the count stored */
int prov_syscall_raw_args(const struct attach *at, struct emit *e,
			  int first, int nargs);

/* kfunc.c: programs on kernel functions */
/*
 * x86-64 struct pt_regs, a kprobe's context: the byte offsets of the
 * argument registers (di si dx cx r8 r9), of the return value (ax) and
 * of the stack pointer
 */
#define KFUNC_NREGS	6
extern const int16_t kfunc_arg_regs[KFUNC_NREGS];
#define KFUNC_REGS_AX	80
#define KFUNC_REGS_SP	152
/* the kprobe perf event source's type, or -errno if the kernel has none */
int kfunc_kprobe_type(void);
/* whether the kernel attaches kprobe_multi links (fprobe) */
bool kfunc_has_multi(void);
/* load a two-instruction fentry (fexit) program on BTF id; 0 or -errno */
int kfunc_fentry_try(uint32_t btf_id, const char *mod, bool ret);
/* attach at's program to each probe's function (p->mod, p->func) */
int kfunc_kprobe_attach(struct attach *at, int prog_fd, bool ret);
/* attach at's program to the n kernel functions syms, with cookies */
int kfunc_kprobe_attach_syms(struct attach *at, int prog_fd,
			     const char *const *syms, const uint64_t *cookies,
			     size_t n, bool ret);
int kfunc_multi_attach(struct attach *at, int prog_fd, bool ret);
/* attach a program typed by its target (fentry, fexit, tp_btf) */
int kfunc_tracing_attach(struct attach *at, int prog_fd);

/* attach.c */
/*
 * A dynamic perf event source ("kprobe", "uprobe"): its perf event type
 * and the config bit that makes a return probe; 0 or -errno (-ENOENT: the
 * kernel has none)
 */
struct prov_pmu {
	int type;
	int retbit;
};
int prov_pmu_read(const char *name, struct prov_pmu *pmu);
/* make room for n more open files (RLIMIT_NOFILE up to its hard limit) */
void prov_want_fds(size_t n);
/* the online CPUs, malloc'ed into *cpus; count or -errno */
int prov_online_cpus(int **cpus);
/* open a perf event on cpu (pid -1), attach prog_fd, enable; 0 or -errno */
int prov_perf_attach(struct attach *at, int prog_fd,
		     struct perf_event_attr *attr, int cpu);
/* attach to the tracepoint at->path ("group/event"); 0 or -errno */
int prov_tp_attach(struct attach *at, int prog_fd);
/* attach to the raw tracepoint at->path ("sys_enter"); 0 or -errno */
int prov_raw_tp_attach(struct attach *at, int prog_fd);
/*
 * Raw tracepoints shared by one program (Linux 6.10: raw tracepoint
 * links with cookies): whether the kernel has them; one attach point
 * for probes on raw tracepoints (p->path "group/event" or "event")
 * whose clauses read neither arguments (the tracepoints' differ) nor
 * kernel stacks (the machinery's frames are named per tracepoint);
 * attaching it, each link's cookie the probe's id; R7 = the cookie.
 */
bool prov_raw_tp_cookies(void);
struct attach *prov_raw_tp_shared(const struct provider *prov,
				  struct probe **probes, size_t n,
				  struct dobj *obj);
int prov_raw_tp_attach_each(struct attach *at, int prog_fd);
void prov_emit_cookie_prid(struct emit *e);
/* a new attach point in a for the probes given (copied) */
struct attach *prov_attach_new(struct arena *a, const struct provider *prov,
			       struct probe **probes, size_t n,
			       uint32_t prog_type);
void prov_attach_push(struct attach_vec *out, struct attach *at);

/* prologue.c */
/* the offset of dctx->args[i] */
int16_t prov_argoff(int i);
/* R7 = the single probe's id */
void prov_emit_const_prid(const struct attach *at, struct emit *e,
			  int exit_label);
/* dctx->args[from .. nargs) = 0 */
void prov_emit_zero_args(struct emit *e, int from, int nargs);
/* dctx->args[i] = the context field a describes (R6: the context) */
void prov_emit_field(struct emit *e, int i, const struct probe_arg *a);

#endif

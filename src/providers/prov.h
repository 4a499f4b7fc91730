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

/* attach.c */
/* the online CPUs, malloc'ed into *cpus; count or -errno */
int prov_online_cpus(int **cpus);
/* open a perf event on cpu (pid -1), attach prog_fd, enable; 0 or -errno */
int prov_perf_attach(struct attach *at, int prog_fd,
		     struct perf_event_attr *attr, int cpu);
/* attach to the tracepoint at->path ("group/event"); 0 or -errno */
int prov_tp_attach(struct attach *at, int prog_fd);
/* attach to the raw tracepoint at->path ("sys_enter"); 0 or -errno */
int prov_raw_tp_attach(struct attach *at, int prog_fd);
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

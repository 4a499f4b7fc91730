/*
 * The provider interface.  A provider lists its probes (for -l and for
 * matching probe descriptions), groups the probes a program enables into
 * attach points (one BPF program each), emits the prologue that tells a
 * firing's probe id and loads its arguments, and attaches and detaches
 * the loaded program.  Adding a provider means adding a file here and a
 * line to the table in registry.c; the compiler does not change.
 */
#ifndef BD_PROVIDER_H
#define BD_PROVIDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../lib/arena.h"
#include "../lib/vec.h"

struct emit;
struct dobj;
struct provider;

/* One argument of a probe, as the prologue loads it into dctx->args[i]. */
struct probe_arg {
	const char *name;	/* field name (sdt), or NULL */
	const char *type;	/* C type text ("const char *", "int") or NULL */
	uint32_t offset;	/* in the raw context (tracepoints) */
	uint32_t size;		/* 1, 2, 4, 8; 0: not loadable (arrays) */
	bool is_signed;
	bool is_string;		/* a kernel string: __data_loc char[] */
	/*
	 * __data_loc field: the u32 at offset holds the data's offset in
	 * the context in its low 16 bits; the argument is its address
	 */
	bool is_dataloc;
};

struct probe {
	uint32_t id;		/* 1-based, unique in a probe table */
	const struct provider *prov;
	const char *provname;	/* usually prov->name; "pid123" for pid */
	const char *mod, *func, *name;
	uint64_t data;		/* provider-private: syscall nr, period, ... */
	const char *path;	/* provider-private: tracepoint "group/event" */
	/* arguments, filled in on demand by provider->args */
	struct probe_arg *args;
	int nargs;		/* -1 until described */
};

struct probe_table {
	struct arena *arena;
	VEC(struct probe *) probes;	/* index id - 1 */
	const char *tracefs;		/* tracefs mount point, once found */
	const char *events;		/* tracefs available_events, read once */
	bool enumerated;		/* probes_enumerate has run */
};

/* One attach point: one BPF program serving one or more probes. */
struct attach;
struct attach_vec {
	struct attach **data;
	size_t len, cap;
};

struct attach {
	const struct provider *prov;
	struct probe **probes;	/* the probes this program can report */
	size_t nprobes;
	uint32_t prog_type;	/* BPF_PROG_TYPE_* for the program */
	uint64_t data;		/* provider-private */
	const char *path;	/* provider-private */
	int map;		/* provider-private map index in the dobj, or -1 */
	/* arguments a single-probe attach point loads (sdt), from plan */
	const struct probe_arg *args;
	int nargs;
	/*
	 * kernel stack frames of the tracing machinery always skipped in
	 * stack(); the machinery's other frames are dropped by name at run
	 * time (codegen/cg_kskip.c)
	 */
	uint32_t kstack_skip;
	/* -x cpu: the one CPU whose firings are traced, or -1 for all;
	 * the program drops the others, per-CPU events go only there */
	int cpu;
	VEC(int) fds;		/* perf event and link fds; closed by detach */
};

struct provider {
	const char *name;
	/* Add every probe this provider offers to tab. */
	int (*enumerate)(struct probe_table *tab);
	/*
	 * Create a probe on demand for a description that names one not
	 * listed (profile's tick-10ms).  The fields have no globs.  Returns
	 * NULL if the description does not name such a probe.
	 */
	struct probe *(*create)(struct probe_table *tab, const char *mod,
				const char *func, const char *name);
	/* Describe p's arguments (sets p->args, p->nargs); 0 or -errno. */
	int (*args)(struct probe_table *tab, struct probe *p);
	/*
	 * Group the enabled probes of this provider into attach points,
	 * appended to out (allocated in the dobj's arena).  May add maps to
	 * the dobj (e.g. a syscall-number table).
	 */
	int (*plan)(struct probe **probes, size_t n, struct dobj *obj,
		    struct attach_vec *out);
	/*
	 * Emit code that puts the firing's probe id in R7, with R6 holding
	 * the BPF context (preserve it).  Jump to exit_label when the firing
	 * is not one of the attach point's probes.  R0-R5, R8 are free.
	 */
	void (*prologue_prid)(const struct attach *at, struct emit *e,
			      int exit_label);
	/*
	 * Emit code that stores arg0 .. arg(n-1) into dctx->args from the
	 * context in R6, with REG_DCTX set up; R7 (probe id) must be
	 * preserved.  nargs is how many the program reads (<= DCTX_NARGS).
	 */
	void (*prologue_args)(const struct attach *at, struct emit *e,
			      int nargs);
	/* Attach the loaded program; opened fds go to at->fds. */
	int (*attach)(struct attach *at, int prog_fd);
	/* For providers fired by the consumer itself (BEGIN, END). */
	int (*fire)(struct attach *at, int prog_fd);
	/*
	 * The same with the probe's arguments (ERROR's arg0 .. arg5); the
	 * prologue loads args[i] as argi.  NULL: fire() with zeros.
	 */
	int (*fire_args)(struct attach *at, int prog_fd,
			 const uint64_t *args, int nargs);
};

/* registry.c: the providers, in probe-id order, NULL-terminated */
extern const struct provider *const providers[];
const struct provider *provider_lookup(const char *name);

/* Probe table: enumerate every provider, then match descriptions. */
void probes_init(struct probe_table *tab, struct arena *a);
int probes_enumerate(struct probe_table *tab);
struct probe *probes_add(struct probe_table *tab, const struct provider *prov,
			 const char *mod, const char *func, const char *name);
struct probe *probes_get(const struct probe_table *tab, uint32_t id);
/*
 * Call fn for every probe matching the description (fields may hold
 * globs: * ? [...]; an empty field matches anything).  Creates a probe
 * on demand when no listed probe matches and a provider can create one.
 * Returns the number matched.
 */
size_t probes_match(struct probe_table *tab, const char *prov,
		    const char *mod, const char *func, const char *name,
		    void (*fn)(struct probe *p, void *arg), void *arg);
void probes_free(struct probe_table *tab);

/*
 * Glob match as DTrace does it (gmatch(3GEN)): * ? [...] with ! negation
 * and ranges, \ escapes; an empty or NULL pattern matches anything.
 */
bool probes_gmatch(const char *s, const char *pattern);

/* Close every fd of an attach point (detaching it); safe to repeat. */
void attach_close(struct attach *at);

/* tracefs.c: the tracefs mount point, mounting it if need be; NULL if none */
const char *tracefs_path(void);

#endif

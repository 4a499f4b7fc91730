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
#include "../lib/strmap.h"
#include "../lib/vec.h"

struct btf;
struct emit;
struct dobj;
struct provider;
struct uproc;

/*
 * Stability attributes, as DTrace reports them with -l -v: a name
 * stability, a data stability and a dependency class for each field of
 * a probe description and for its arguments (the Dynamic Tracing
 * Guide's "Stability" chapter).  The orders are DTrace's: lower is less
 * stable, so the attributes of a description are the least of its
 * fields'.
 */
enum prov_stability {
	STAB_INTERNAL, STAB_PRIVATE, STAB_OBSOLETE, STAB_EXTERNAL,
	STAB_UNSTABLE, STAB_EVOLVING, STAB_STABLE, STAB_STANDARD,
};

enum prov_class {
	CLS_UNKNOWN, CLS_CPU, CLS_PLATFORM, CLS_GROUP, CLS_ISA, CLS_COMMON,
};

struct prov_attr {
	uint8_t name, data, dclass;	/* prov_stability x2, prov_class */
};

/* a provider's attributes: of each description field, and of args[] */
struct prov_attrs {
	struct prov_attr provider, mod, func, name, args;
};

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
	/*
	 * args[i] is this D expression of arg0 .. arg9 (the stable
	 * providers: "xlate <psinfo_t *> ((struct task_struct *)arg0)"),
	 * compiled where a clause names args[i]; its type is the
	 * expression's.  NULL: the argument as described above.
	 */
	const char *expr;
};

struct probe {
	uint32_t id;		/* 1-based, unique in a probe table */
	const struct provider *prov;
	const char *provname;	/* usually prov->name; "pid123" for pid */
	const char *mod, *func, *name;
	uint64_t data;		/* provider-private: syscall nr, period, ... */
	const char *path;	/* provider-private: tracepoint "group/event" */
	const void *priv;	/* provider-private: a user probe's site */
	/*
	 * probes with the same group are enabled by the same clauses (set
	 * by the code generator before plan), so that one program without
	 * guards can serve them all
	 */
	uint32_t group;
	/* arguments, filled in on demand by provider->args */
	struct probe_arg *args;
	int nargs;		/* -1 until described */
	/*
	 * set by the code generator before plan: what the clauses enabled
	 * on the probe read (PROBE_READS_*): sdt needs the tracepoint's
	 * record only for arguments, and a program shared by many raw
	 * tracepoints cannot name their machinery's stack frames
	 */
	uint8_t reads;
	/* can the running kernel back it?  1 yes, 0 no, -1 not yet
	 * asked (providers with a usable hook decide on first match) */
	int8_t usable;
};

#define PROBE_READS_ARGS	0x1	/* argN, args[] */
#define PROBE_READS_KSTACK	0x2	/* stack(), stackdepth, caller */

struct kbtf;
struct ksym_memo;

/* providers in the registry, at most (lazy_done's bits, pstate) */
#define PROV_MAX	32

struct probe_table {
	struct arena *arena;
	VEC(struct probe *) probes;	/* index id - 1, or id - 1 - id_gap
					 * from gap_at on (probes_add) */
	size_t gap_at;			/* index of the first user probe */
	uint32_t id_gap;		/* ids skipped before it */
	const char *tracefs;		/* tracefs mount point, once found */
	int tracefs_err;		/* why there is none (errno), once tried */
	const char *tracefs_why;	/* tracefs_missing()'s words */
	const char *events;		/* tracefs available_events, read once */
	/*
	 * the eager providers enumerated: registry indexes below this
	 * (probes_match enumerates those a description may match, in
	 * registry order, so ids are as in a full listing)
	 */
	size_t eager_done;
	bool enumerating;		/* inside an eager enumerate */
	uint32_t lazy_done;		/* lazy providers enumerated (bits) */
	struct kbtf *kbtf;		/* the run's kernel BTF, shared with
					 * the compiler (probes_kbtf) */
	VEC(const char *) rawtps;	/* tracepoints with a btf_trace_
					 * typedef, sorted (kbtf.c) */
	bool rawtps_read;
	struct ksym_memo *ksyms;	/* kernel symbols looked up in
					 * kallsyms (stp.c), in the arena */
	/* provider-private state, by registry index (provider->release) */
	void *pstate[PROV_MAX];
	/* the -c and -p processes, whose USDT probes are listed too */
	const int *targets;
	size_t ntargets;
	/* user probes (pid, USDT): the processes read, probes by name */
	VEC(struct uproc *) uprocs;
	struct strmap ubyname;
	/* sites attached for every process, by "path:offset:kind" */
	struct strmap uwide;
};

/*
 * Why a provider refuses a probe description (pid's "offset 0x40
 * outside of function 'f'"), with the D_ tag DTrace gives it.
 */
struct probe_err {
	const char *tag;	/* "D_PROC_OFF"; NULL: no error */
	char msg[256];
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
	/*
	 * a program with no probe of its own, that keeps state for one
	 * (the stable providers' helpers): that probe, which messages name
	 */
	const struct probe *owner;
	uint32_t prog_type;	/* BPF_PROG_TYPE_* for the program */
	uint64_t data;		/* provider-private */
	const char *path;	/* provider-private */
	const void *priv;	/* provider-private */
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
	/*
	 * the probe fires in no kernel context of its own (BEGIN, END and
	 * ERROR, fired by the consumer): stack() is empty, stackdepth and
	 * caller 0, as in DTrace
	 */
	bool no_kstack;
	/*
	 * how the program is loaded: its expected attach type and, for
	 * programs typed by their target (fentry), the target's BTF id in
	 * the BTF of btf_mod (NULL: vmlinux)
	 */
	uint32_t attach_type;
	uint32_t btf_id;
	const char *btf_mod;
	/*
	 * why the kernel cannot back these probes, in words: set by plan
	 * (enabling then fails with it, before anything is loaded) or by
	 * a failing attach (printed instead of the bare errno)
	 */
	char why[192];
	size_t failed;		/* the index in probes of the one failing */
	/*
	 * the failure concerns every process that maps a file, not the
	 * failing probe's process: a uprobe for every process (uwide.c),
	 * or an instruction the kernel refuses in a file that a glob over
	 * every process found (attach_desc names the glob, "pid*")
	 */
	bool failed_wide;
	/*
	 * attach only the probes whose id is at least this (probes made
	 * while tracing, runtime/ulate.c); 0: all.  Providers whose probes
	 * exist from the start ignore it.
	 */
	uint32_t min_prid;
	/*
	 * user stacks are taken at a function's first instruction, where
	 * the return address into the caller is at the stack pointer and
	 * not yet in the frame-pointer chain (pid entry probes): it is put
	 * in as the second frame, as DTrace does, unless the kernel's
	 * unwinder did (codegen/cg_kskip.c)
	 */
	bool ustack_entry;
	/*
	 * the probe describes another thread than the running one (sched's
	 * on-cpu at sched_switch): the prologue_args hook, always called,
	 * leaves its task_struct in dctx->thread for the built-ins
	 */
	bool other_thread;
	/* the prologue_args hook runs even when no clause reads an
	 * argument: it keeps provider state (stp.h's map entries) */
	bool keeps_state;
	/*
	 * the probes fire in any process (a provider glob's uprobes on a
	 * file, providers/uwide.c): probeprov is this provider name
	 * followed by the firing process's id ("python" and 1234 make
	 * python1234), as each process has its own provider in DTrace;
	 * NULL: the probe's own provname
	 */
	const char *prov_stem;
	VEC(int) fds;		/* perf event and link fds; closed by detach */
};

struct provider {
	const char *name;
	/*
	 * A lazy provider (fbt: over 100,000 probes) is enumerated only
	 * when a description may match its probes: its name, and one of
	 * names (the probe names it has; NULL: any).  Its probes follow
	 * every eager provider's.
	 */
	bool lazy;
	const char *const *names;
	/*
	 * Without names: may the provider have a probe whose name matches
	 * the pattern name (not empty)?  NULL: it may.  An eager provider
	 * is enumerated, with those before it, only when a description may
	 * match one of its probes, so that a script of BEGIN reads none
	 * of the kernel's lists.
	 */
	bool (*has_name)(const struct provider *prov, struct probe_table *tab,
			 const char *name);
	/*
	 * A lazy provider may add just the probes a description matches
	 * (fields may be globs; NULL matches anything), each once however
	 * often it is asked; enumerate then adds them all.
	 */
	void (*provide)(struct probe_table *tab, const char *mod,
			const char *func, const char *name);
	/* free the provider's tab->pstate[] entry */
	void (*release)(void *state);
	const struct prov_attrs *attrs;	/* for -l -v */
	/* Add every probe this provider offers to tab. */
	int (*enumerate)(struct probe_table *tab);
	/*
	 * Create a probe on demand for a description that names one not
	 * listed (profile's tick-10ms).  The fields have no globs.  Returns
	 * NULL if the description does not name such a probe.
	 */
	struct probe *(*create)(struct probe_table *tab, const char *mod,
				const char *func, const char *name);
	/*
	 * Create the probes a description names in processes (pid and
	 * USDT probes exist once a description names them, as in DTrace),
	 * before the description is matched.  The fields may hold globs.
	 * 0, or -1 with err filled in.
	 */
	int (*populate)(struct probe_table *tab, const char *prov,
			const char *mod, const char *func, const char *name,
			struct probe_err *err);
	/*
	 * Do p's module and function answer to the fields mod and func?
	 * NULL: glob matches of p->mod and p->func.  (User probes: "a.out"
	 * is the program, and a function is any of its aliases.)
	 */
	bool (*match_modfunc)(const struct probe *p, const char *mod,
			      const char *func);
	/*
	 * Can the running kernel back p?  Optional: providers whose probes
	 * depend on what the kernel has (a tracepoint and its prototype, a
	 * structure member) decide here, once, when a description first
	 * matches p (or -l lists it), so that start-up costs nothing for
	 * probes no description names.  A probe it refuses matches no
	 * description and is not listed.
	 */
	bool (*usable)(struct probe_table *tab, struct probe *p);
	/* What p needs that the running kernel (or bdtrace) lacks, usable
	 * having said no: the end of "NAME needs WHAT"; optional. */
	const char *(*unbacked)(struct probe_table *tab,
				const struct probe *p);
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

/*
 * Probe table: providers are enumerated as descriptions are matched
 * (probes_match), or all at once (probes_enumerate: every eager one).
 */
void probes_init(struct probe_table *tab, struct arena *a);
int probes_enumerate(struct probe_table *tab);
/* enumerate the lazy providers too (-l with no description) */
int probes_enumerate_all(struct probe_table *tab);
struct probe *probes_add(struct probe_table *tab, const struct provider *prov,
			 const char *mod, const char *func, const char *name);
struct probe *probes_get(const struct probe_table *tab, uint32_t id);
/* the id the next probe added will have */
uint32_t probes_next_id(const struct probe_table *tab);
/*
 * Call fn for every probe matching the description (fields may hold
 * globs: * ? [...]; an empty field matches anything).  Creates a probe
 * on demand when no listed probe matches and a provider can create one.
 * Returns the number matched.
 */
/*
 * Let every provider that creates probes for descriptions (pid, USDT)
 * create those this one names; 0, or -1 with err filled in.
 */
int probes_populate(struct probe_table *tab, const char *prov,
		    const char *mod, const char *func, const char *name,
		    struct probe_err *err);
/*
 * May probes_populate() create probes for this provider field, now or
 * when a process loads a library or starts (pid and USDT: a provider
 * that ends in a process id, or a glob)?  An empty one matches only
 * probes that exist.
 */
bool probes_may_populate(const char *prov);
size_t probes_match(struct probe_table *tab, const char *prov,
		    const char *mod, const char *func, const char *name,
		    void (*fn)(struct probe *p, void *arg), void *arg);
void probes_free(struct probe_table *tab);
/*
 * kbtf.c: the run's kernel BTF (lib/kbtf.h), made on first use and
 * shared by the providers and the compiler, so vmlinux's BTF is parsed
 * once however many of them read it
 */
struct kbtf *probes_kbtf(struct probe_table *tab);
/*
 * For a description that matches nothing: the first probe it would
 * match that the running kernel cannot back, and why ("needs ..."), or
 * NULL.
 */
const char *probes_unbacked(struct probe_table *tab, const char *prov,
			    const char *mod, const char *func,
			    const char *name, const struct probe **which);
/* the provider's slot in tab->pstate */
void **probes_state(struct probe_table *tab, const struct provider *prov);
/* Can the running kernel back p (the provider's usable hook, once)? */
bool probes_usable(struct probe_table *tab, struct probe *p);
/*
 * The stability attributes -l -v reports for p, as DTrace computes them:
 * the least of the provider's attributes for the fields of p's
 * description that are not empty; args[] have the provider's.
 */
void probes_attrs(const struct probe *p, struct prov_attr *desc,
		  struct prov_attr *args);
/*
 * The attributes of a clause's probe description (DTrace checks them
 * against -x amin): those of the fields it names (compile/stability.c).
 */
struct prov_attr probes_desc_attrs(const char *prov, const char *mod,
				   const char *func, const char *name);
const char *prov_stability_name(unsigned s);
const char *prov_class_name(unsigned c);

/*
 * Glob match as DTrace does it (gmatch(3GEN)): * ? [...] with ! negation
 * and ranges, \ escapes; an empty or NULL pattern matches anything.
 */
bool probes_gmatch(const char *s, const char *pattern);
/* Has s (NULL: no) a glob character of probes_gmatch's: * ? [ or \\? */
bool probes_is_glob(const char *s);

/*
 * uattach.c: one uprobe at file offset off of path, in process pid (0:
 * every process), with prog_fd on it through a link whose cookie is
 * cookie; its fds go to at->fds.  0 or -errno.
 */
int uprobe_attach_one(struct attach *at, const char *path, uint64_t off,
		      int pid, uint64_t cookie, int prog_fd);

/* uattach.c: is at an attach point of user probes (pid, USDT)? */
bool uprobe_is(const struct attach *at);
/*
 * uattach.c: has at sites of a process that its forked children need
 * attached again (uprobe_attach_fork)?  Not those a provider glob made:
 * their uprobes are the file's, in every process.
 */
bool uprobe_forks(const struct attach *at);
/*
 * uattach.c: attach prog_fd again, for process child, to the sites of
 * at that are in process root (a child forked from it); 0 or -errno.
 * Nothing for an attach point of other probes.
 */
int uprobe_attach_fork(struct attach *at, int prog_fd, int root, int child);

/*
 * uwide.c: the provider of probe p as messages name it.  A probe attached
 * for every process (wide: attach.prov_stem) is the first process's
 * probe, or a file's: fired in process pid, it is that process's
 * ("uprog4242"); the attachment itself (pid 0) is the glob that names
 * every process ("uprog*").  Otherwise, or for a probe of no user
 * provider, p->provname.  The name may be written in buf.
 */
/* uwide.c: may provider pattern pat name a provider in every process
 * (uwide_glob for some provider: it ends in an unescaped '*')? */
bool uwide_pattern(const char *pat);
const char *uwide_provname(const struct probe *p, bool wide, int pid,
			   char *buf, size_t size);

/* uproc.c: read process pid again when a description next names it (a
 * library was loaded since); what was read stays for its probes */
void uproc_forget(struct probe_table *tab, int pid);

/* Close every fd of an attach point (detaching it); safe to repeat. */
void attach_close(struct attach *at);

/*
 * The probe that messages about at name ("prov:mod:func:name"): the one
 * failing, else its first one, else its owner; "?" for none.  A probe of
 * a program for every process that maps a file (attach.prov_stem), or
 * whose failure concerns the file (failed_wide), is named by the glob
 * over every process ("uprog*"), not by the first process found with
 * the file.  Written in a.
 */
const char *attach_desc(struct arena *a, const struct attach *at);

/*
 * kbtf.c: an fd for the kernel's BTF object of module mod, for loading
 * a program typed by one of its functions; -errno
 */
int prov_btf_obj_fd(const char *mod);

/* tracefs.c: the tracefs mount point, mounting it if need be; NULL if none */
const char *tracefs_path(void);

/*
 * What of the environment the probes need is missing, in words for a
 * description that matched nothing (compile.c), or NULL: tracefs not
 * mounted and not mountable (tracefs_missing, tracefs.c), or the kernel's
 * BTF absent (kbtf.c).
 */
const char *tracefs_missing(struct probe_table *tab);
const char *probes_env_missing(struct probe_table *tab);

#endif

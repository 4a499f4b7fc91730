/*
 * Stable providers built on tracepoints (proc, sched, io, lockstat,
 * dtmalloc, callout_execute): the layer they share, so that a provider
 * is a table of probes and the translators of lib/dtrace/ (how to write
 * one: docs/stable-providers.md).
 *
 * A probe names the raw tracepoints that can back it, in order of
 * preference (struct stp_src: a newer kernel's better tracepoint first,
 * an older kernel's fallback after).  For each, small expressions over
 * the tracepoint's arguments and kernel memory (struct stp_expr) say
 * when a firing is the probe's, which thread the probe describes when
 * it is not the one the tracepoint runs in, and the probe's native
 * arguments arg0 .. argN.  args[i] is then a D expression of argi
 * (struct stp_arg): a translator to DTrace's stable type
 * (xlate <psinfo_t *> ((struct task_struct *)arg0)), a plain cast, or
 * copyinstr() of a user string.
 *
 * This layer does the rest: a probe is listed only where the running
 * kernel has one of its tracepoints with the expected prototype and
 * every structure member its expressions read (checked in the kernel's
 * BTF when a description first names the probe); each enabled probe
 * gets one BPF program on its raw tracepoint, whose prologue evaluates
 * the expressions (a member that cannot be read is 0, never a fault).
 */
#ifndef BD_STP_H
#define BD_STP_H

#include <stdbool.h>
#include <stdint.h>

#include "prov.h"

/*
 * native arguments of a probe, at most: DTrace's (up to six) and room
 * for hidden ones a translator reads (the network providers' arg7)
 */
#define STP_NARGS	8
#define STP_NSRC	3	/* tracepoints that can back a probe */
#define STP_NPROTO	6	/* tracepoint arguments whose types are checked */
#define STP_NVALS	4	/* values of an entry of a provider's map */
#define STP_NPDATA	16	/* words of dctx->pdata a prologue fills */
#define STP_NHELPERS	2	/* tracepoints a probe's source keeps state at */
#define STP_NFN		8	/* kernel functions that back one source */

enum stp_op {
	SX_RAW,		/* the tracepoint's argument number imm */
	SX_IMM,		/* the constant imm */
	SX_CUR,		/* the current task (struct task_struct *) */
	SX_TID,		/* the current thread's id */
	SX_NOW,		/* bpf_ktime_get_ns() */
	SX_CPU,		/* the current CPU */
	SX_KSYM,	/* the address of kernel symbol `path` (kallsyms) */
	SX_ENUM,	/* the value of enumerator `path` (the kernel's BTF:
			 * enum skb_drop_reason's change between versions) */
	SX_MEMBER,	/* member `path` ("se.sum_exec_runtime") of the
			 * struct `sou` a points to; 0 if a is NULL or the
			 * memory cannot be read */
	SX_NEG,		/* -a */
	SX_NOT,		/* !a */
	SX_ADD, SX_SUB, SX_AND, SX_SHL, SX_XOR,
	SX_EQ, SX_NE, SX_LT, SX_GT,	/* signed comparisons: 0 or 1 */
	SX_LAND, SX_LOR,		/* && and ||, short-circuit */
	SX_COND,	/* a ? b : c */
	SX_OFFSETOF,	/* offsetof(sou, path) */
	SX_ALT,		/* a where the kernel has every member a reads,
			 * else b: for layouts that changed */
	SX_PDATA,	/* the address of dctx->pdata[imm] (arguments only) */
	SX_GET,		/* value imm of the source's map at key a; 0 if
			 * there is no such entry */
	SX_LOAD,	/* the imm-byte (1, 2, 4, 8) unsigned value at
			 * address a (a packet's bytes); 0 as SX_MEMBER */
	SX_HAS,		/* 1 if the source's map has key a, else 0 */
	SX_FN,		/* a function source: the index in its fn[] of
			 * the function that fired */
	SX_CTX,		/* resolved form only: the 8 bytes at byte imm of
			 * the program's context (a function source's
			 * SX_RAW, a register of its struct pt_regs) */
};

struct stp_expr {
	enum stp_op op;
	const struct stp_expr *a, *b, *c;
	int64_t imm;
	const char *sou, *path;		/* SX_MEMBER; path: SX_KSYM */
};

/* Expressions, as constant tables write them (see proc.c). */
#define SX(...)		(&(const struct stp_expr){ __VA_ARGS__ })
#define X_RAW(i)	SX(.op = SX_RAW, .imm = (i))
#define X_IMM(v)	SX(.op = SX_IMM, .imm = (v))
#define X_CUR		SX(.op = SX_CUR)
#define X_TID		SX(.op = SX_TID)
#define X_NOW		SX(.op = SX_NOW)
#define X_CPU		SX(.op = SX_CPU)
#define X_KSYM(name)	SX(.op = SX_KSYM, .path = (name))
#define X_ENUM(name)	SX(.op = SX_ENUM, .path = (name))
#define X_MEMBER(x, s, m) SX(.op = SX_MEMBER, .a = (x), .sou = (s), .path = (m))
#define X_NEG(x)	SX(.op = SX_NEG, .a = (x))
#define X_NOT(x)	SX(.op = SX_NOT, .a = (x))
#define X_ADD(x, y)	SX(.op = SX_ADD, .a = (x), .b = (y))
#define X_SUB(x, y)	SX(.op = SX_SUB, .a = (x), .b = (y))
#define X_AND(x, y)	SX(.op = SX_AND, .a = (x), .b = (y))
#define X_SHL(x, y)	SX(.op = SX_SHL, .a = (x), .b = (y))
#define X_XOR(x, y)	SX(.op = SX_XOR, .a = (x), .b = (y))
#define X_EQ(x, y)	SX(.op = SX_EQ, .a = (x), .b = (y))
#define X_NE(x, y)	SX(.op = SX_NE, .a = (x), .b = (y))
#define X_LT(x, y)	SX(.op = SX_LT, .a = (x), .b = (y))
#define X_GT(x, y)	SX(.op = SX_GT, .a = (x), .b = (y))
#define X_LAND(x, y)	SX(.op = SX_LAND, .a = (x), .b = (y))
#define X_LOR(x, y)	SX(.op = SX_LOR, .a = (x), .b = (y))
#define X_COND(x, y, z)	SX(.op = SX_COND, .a = (x), .b = (y), .c = (z))
#define X_MIN(x, y)	X_COND(X_LT(x, y), x, y)
#define X_OFFSETOF(s, m) SX(.op = SX_OFFSETOF, .sou = (s), .path = (m))
#define X_ALT(x, y)	SX(.op = SX_ALT, .a = (x), .b = (y))
#define X_PDATA(i)	SX(.op = SX_PDATA, .imm = (i))
#define X_GET(k, i)	SX(.op = SX_GET, .a = (k), .imm = (i))
#define X_HAS(k)	SX(.op = SX_HAS, .a = (k))
#define X_LOAD(x, n)	SX(.op = SX_LOAD, .a = (x), .imm = (n))
#define X_FN		SX(.op = SX_FN)
/* container_of(x, sou, path): x points at that member of a sou */
#define X_CONTAINER(x, s, m) X_SUB(x, X_OFFSETOF(s, m))

/*
 * A map a provider keeps between tracepoints (io's submitted bios,
 * lockstat's contended locks): 8-byte keys, STP_NVALS 8-byte values,
 * least recently used entries dropped when full.
 */
struct stp_map {
	const char *name;
	uint32_t max_entries;
};

/* One way the kernel can back a probe. */
struct stp_src {
	const char *tp;			/* raw tracepoint ("sched_switch") */
	/*
	 * or, where no tracepoint can back the probe, kernel functions
	 * (up to a NULL): a kprobe on each of those the kernel's BTF
	 * has, at entry, or at return if ret.  X_RAW(i) is then the
	 * function's argument i at entry, its return value at return
	 * (X_RAW(0)).  Such a source is listed wherever the kernel has
	 * one of the functions, as fbt's probes are: whether the kernel
	 * lets it be traced is found when it is enabled.
	 */
	const char *fn[STP_NFN];
	bool ret;
	/*
	 * the types its first arguments must have (BTF's btf_trace_<tp>
	 * prototype in BTF's words, "long int", qualifiers left out;
	 * "*": any; for functions, their own prototype's), up to a NULL
	 */
	const char *proto[STP_NPROTO];
	const struct stp_expr *when;	/* the probe fires if non-zero */
	/*
	 * the thread the probe describes when the tracepoint runs in
	 * another (a struct task_struct *); NULL: the current thread
	 */
	const struct stp_expr *thread;
	const struct stp_expr *args[STP_NARGS];	/* arg0 .. */
	/*
	 * words of dctx->pdata, computed before the arguments: structures
	 * an argument points to (X_PDATA(i)) for a translator to read
	 */
	const struct stp_expr *pdata[STP_NPDATA];
	/*
	 * state: after a firing, map[key] = put (if put[0]), and the entry
	 * is deleted if del; X_GET and X_HAS read it
	 */
	const struct stp_map *map;
	const struct stp_expr *key;
	const struct stp_expr *put[STP_NVALS];
	bool del;
	/*
	 * sources that only keep state for this one (their own `when`,
	 * map, key and put), attached whenever it is, once however many
	 * probes name them: before the provider's probes (lockstat's
	 * contention_begin notes when each wait starts), and after them
	 * (a cleanup once every probe of a tracepoint has read the state)
	 */
	const struct stp_src *helpers[STP_NHELPERS];
	const struct stp_src *after;
};

/* args[i] of a probe, as -l -v shows it and a clause reads it */
struct stp_arg {
	const char *native;	/* C type of argi ("struct task_struct *") */
	const char *xlate;	/* args[i]'s type through a translator */
	bool user_string;	/* argi is a user address of a string:
				 * args[i] is copyinstr(argi) */
	/* args[i]'s D expression, when not the translation of argi */
	const char *expr;
};

/* stp_arg initializers */
#define ARG(n)		{ .native = (n) }
#define XARG(n, x)	{ .native = (n), .xlate = (x) }
#define USTR(n)		{ .native = (n), .user_string = true }
#define EARG(n, x, e)	{ .native = (n), .xlate = (x), .expr = (e) }

struct stp_probe {
	const char *name;
	struct stp_arg args[STP_NARGS];		/* up to native NULL */
	const struct stp_src *src[STP_NSRC];	/* in order of preference */
	/*
	 * attach order among the probes of a provider that share a
	 * tracepoint, lower first (proc's lwp-exit before exit): the
	 * kernel runs a tracepoint's programs in the order attached
	 */
	int8_t seq;
};

struct stp_provider {
	struct provider prov;		/* first: prov points at it */
	const struct stp_probe *probes;
	size_t nprobes;
};

/* the stable providers (registry.c lists them) */
extern const struct stp_provider stp_proc;
extern const struct stp_provider stp_sched;
extern const struct stp_provider stp_io;
extern const struct stp_provider stp_lockstat;
extern const struct stp_provider stp_callout;

/*
 * The attributes Oracle's DTrace for Linux gives proc, sched, io and
 * lockstat: Evolving names and arguments of the ISA dependency class,
 * private module and function fields (stp.c)
 */
extern const struct prov_attrs stp_attrs;

/* the hooks every stable provider shares (stp.c) */
int stp_enumerate(struct probe_table *tab, const struct stp_provider *sp);
bool stp_has_name(const struct provider *prov, struct probe_table *tab,
		  const char *name);
bool stp_usable(struct probe_table *tab, struct probe *p);
const char *stp_unbacked(struct probe_table *tab, const struct probe *p);
int stp_args(struct probe_table *tab, struct probe *p);
int stp_plan(struct probe **probes, size_t n, struct dobj *obj,
	     struct attach_vec *out);
void stp_prologue_prid(const struct attach *at, struct emit *e,
		       int exit_label);
void stp_prologue_args(const struct attach *at, struct emit *e, int nargs);
int stp_attach(struct attach *at, int prog_fd);

/*
 * Define the provider `var` named `pname` from the probe table `tab`
 * with stability attributes `attr` (a struct prov_attrs *).
 */
#define STP_PROVIDER(var, pname, tab, attr)				\
	static int var##_enumerate(struct probe_table *t);		\
	const struct stp_provider var = {				\
		.prov = {						\
			.name = pname,					\
			.attrs = attr,					\
			.enumerate = var##_enumerate,			\
			.has_name = stp_has_name,			\
			.usable = stp_usable,				\
			.unbacked = stp_unbacked,			\
			.args = stp_args,				\
			.plan = stp_plan,				\
			.prologue_prid = stp_prologue_prid,		\
			.prologue_args = stp_prologue_args,		\
			.attach = stp_attach,				\
		},							\
		.probes = tab,						\
		.nprobes = sizeof(tab) / sizeof((tab)[0]),		\
	};								\
	static int var##_enumerate(struct probe_table *t)		\
	{								\
		return stp_enumerate(t, &var);				\
	}

/* ---- the resolved form (stp_btf.c, stp_emit.c) ---------------------- */

/* an stp_expr with its member offsets found in the kernel's BTF */
struct stp_rx {
	enum stp_op op;
	const struct stp_rx *a, *b, *c;
	int64_t imm;
	uint32_t off;		/* SX_MEMBER: byte offset */
	uint8_t size;		/* SX_MEMBER: 1, 2, 4 or 8 */
	bool is_signed;
};

/* a source resolved on the running kernel */
struct stp_rsrc {
	const struct stp_src *src;
	const struct stp_rx *when, *thread, *args[STP_NARGS];
	const struct stp_rx *pdata[STP_NPDATA], *key, *put[STP_NVALS];
	const struct stp_rsrc *helpers[STP_NHELPERS];
	const struct stp_rsrc *after;
	/* the functions the kernel has, and their indexes in src->fn */
	const char *fns[STP_NFN];
	uint64_t fnidx[STP_NFN];
	int nfns;
};

/* what a probe resolved to (probe.data) */
struct stp_res {
	const struct stp_probe *sp;
	struct stp_rsrc r;
};

struct btf;

/*
 * Does tracepoint tp exist in btf with arguments of the types proto
 * names (up to its NULL)?  Its prototype is btf_trace_<tp>'s.
 */
bool stp_btf_proto(const struct btf *btf, const char *tp,
		   const char *const *proto);
/* Does kernel function fn exist in btf with such arguments? */
bool stp_btf_fn_proto(const struct btf *btf, const char *fn,
		      const char *const *proto);
/*
 * The byte offset, size and signedness of member path ("a.b.c") of
 * struct or union sou; false if there is none or it is not an integer,
 * enum or pointer (a bit-field neither).
 */
bool stp_btf_member(const struct btf *btf, const char *sou, const char *path,
		    uint32_t *off, uint8_t *size, bool *is_signed);
/* the value of enumerator name of any enum; false if there is none */
bool stp_btf_enum(const struct btf *btf, const char *name, int64_t *value);

/*
 * R0 = the value of x (stp_emit.c); map is the dobj index of the
 * source's map (X_GET, X_HAS).  R6 (the context) and R7 to R9 are kept;
 * R1 to R5 are not.  Temporaries live in stack slots below STP_FRAME.
 */
void stp_emit_expr(struct emit *e, const struct stp_rx *x, int map);
/* map[key] = vals (up to a NULL), or delete map[key] when vals is NULL */
void stp_emit_store(struct emit *e, int map, const struct stp_rx *key,
		    const struct stp_rx *const *vals);

#endif

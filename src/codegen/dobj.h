/*
 * The compiled program: everything the runtime needs to run a D program,
 * and nothing it must compute again.  The compiler fills it in; the
 * runtime creates its maps, loads its BPF programs, attaches them, and
 * decodes what they write by its record and aggregation descriptions.
 *
 * Ring-buffer records: every enabled-probe firing that records data
 * writes one record, a struct rec_hdr followed by the values of its
 * statement's actions at the offsets given by their dval descriptions.
 */
#ifndef BD_DOBJ_H
#define BD_DOBJ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../compile/diag.h"
#include "../lib/arena.h"
#include "../lib/vec.h"

struct bpf_insn;
struct attach;
struct probe;
struct probe_table;
struct dtype;
struct dtypes;

struct rec_hdr {
	uint32_t epid;		/* statement id: index + 1 in dobj.stmts */
	uint32_t prid;		/* probe id of the firing */
	uint32_t cpu;
	uint32_t spec;		/* speculation id (speculate()), 0: none */
};

/*
 * With structured output (dopts_xo()), a clause's record has 8 bytes
 * after its header: a uint32_t, the firing process's id when a program
 * over every process that maps a file fired it (attach.prov_stem), else
 * 0, so that the document's "provider" is that process's, as probeprov
 * is (docs/oformat.md); the if/else mask (dstmt.cond_mask) follows.
 */
#define REC_XO_PID	8
static inline uint32_t rec_body_off(bool xo)
{
	return (uint32_t)sizeof(struct rec_hdr) + (xo ? REC_XO_PID : 0);
}

/*
 * Runtime faults, as DTrace's DTRACEFLT_* (and in its order, for the
 * ERROR probe's arg4).  A faulting clause stops where it is, records
 * nothing, and writes a fault record instead: a struct rec_hdr whose
 * epid is REC_EPID_FAULT (prid and cpu of the firing) then a struct
 * rec_fault.  The consumer prints DTrace's message for it.
 */
enum dfault {
	DFLT_NONE,
	DFLT_BADADDR,		/* invalid address */
	DFLT_BADALIGN,		/* invalid alignment */
	DFLT_ILLOP,		/* illegal operation */
	DFLT_DIVZERO,		/* divide-by-zero */
	DFLT_NOSCRATCH,		/* out of scratch space */
	DFLT_KPRIV,		/* invalid kernel access */
	DFLT_UPRIV,		/* invalid user access */
	DFLT_TUPOFLOW,		/* tuple stack overflow */
	DFLT_BADSTACK,		/* bad stack */
	DFLT_BADSIZE,		/* invalid size (addr: the size) */
	DFLT_BADINDEX,		/* index out of bounds (addr: the index) */
};

#define REC_EPID_FAULT	0

/*
 * commit() and discard() write a control record: a struct rec_hdr whose
 * epid is REC_EPID_SPEC and whose spec is the speculation, then a struct
 * rec_spec.  The consumer, which holds each speculation's records,
 * prints (commit) or drops (discard) them, then frees the speculation
 * (runtime/spec.c; the design is in docs/design.md, "Speculation").
 */
#define REC_EPID_SPEC	0xffffffffu

enum spec_op { SPEC_COMMIT = 1, SPEC_DISCARD = 2 };

struct rec_spec {
	uint32_t op;		/* enum spec_op */
	uint32_t pad;
};

/* An element of the speculation map (dobj.spec_map), one per id. */
enum spec_state {
	SPECST_INACTIVE,	/* free for speculation() */
	SPECST_ACTIVE,		/* speculate() records into it */
	SPECST_COMMITTING,	/* commit() done; the consumer frees it */
	SPECST_DISCARDING,	/* discard() done; the consumer frees it */
	/* commit() or discard() whose control record found the ring buffer
	 * full: the consumer, seeing the state, drops what it holds of the
	 * speculation (a commit's records as speculative drops) and frees
	 * it, so that a full buffer cannot use the speculations up */
	SPECST_COMMIT_LOST,
	SPECST_DISCARD_LOST,
};

struct spec_slot {
	uint32_t state;		/* enum spec_state */
	uint32_t pad;
	uint64_t bytes;		/* recorded so far, against specsize */
};

struct rec_fault {
	uint32_t epid;		/* the faulting clause's statement */
	uint32_t action;	/* 1-based action (statement) number; 0: predicate */
	uint32_t fault;		/* enum dfault */
	uint32_t pc;		/* instruction index, for "at DIF offset" */
	uint64_t addr;		/* the faulting address, where there is one */
	uint32_t clause;	/* the clause's place in the program, from 0 */
	/*
	 * the process that fired a probe attached for every process
	 * (attach.prov_stem), whose probe is another's; 0 for the others
	 */
	uint32_t pid;
};

/* rec_fault.pc of a fault while recording, outside any DIF: no offset */
#define REC_FAULT_NOPC	0xffffffffu
/* rec_hdr.spec of a fault record whose program fired ERROR itself
 * (cg_error.c); 0: the consumer fires it */
#define REC_FAULT_FIRED	1

/* How a recorded value is laid out and what it is. */
enum dval_kind {
	DV_INT,		/* size 1, 2, 4 or 8; is_signed */
	DV_STRING,	/* size bytes, NUL-terminated unless full */
	DV_PTR,		/* 8 bytes, an address */
	/* symbolic values, printed with symbols (runtime/fmt_sym.c) */
	DV_STACK,	/* stack(): size / 8 kernel pcs, 0 after the last */
	DV_USTACK,	/* ustack(): u64 pid, then (size - 8) / 8 user pcs */
	DV_SYM,		/* sym(), func(): 8 bytes, a kernel address */
	DV_MOD,		/* mod(): 8 bytes, a kernel address */
	DV_USYM,	/* usym(), ufunc(): { u64 pid; u64 addr; } */
	DV_UMOD,	/* umod(): { u64 pid; u64 addr; } */
	DV_UADDR,	/* uaddr(): { u64 pid; u64 addr; } */
	DV_BYTES,	/* size raw bytes: a struct, union or array (trace,
			 * tracemem), printed as DTrace's dt_print_bytes() */
	DV_PROBESTR,	/* in an aggregation's map key only (dagg.kkeys): 8
			 * bytes, the string-table offset of a probe
			 * description string, made the string when read */
	DV_STACKID,	/* in an aggregation's map key only (dagg.kkeys): 16
			 * bytes, a stack's id in a side map (map) that holds
			 * its frames (codegen/cg_stackid.c) */
	DV_FLOAT,	/* size 4 or 8: a float or double's IEEE bits; trace()
			 * prints them as an integer of that size, as DTrace;
			 * size 16: a long double's bytes (a hex dump) */
};

struct dval {
	enum dval_kind kind;
	bool is_signed;
	uint32_t offset;	/* from the start of the record or key */
	uint32_t size;
	const struct dtype *type;	/* the D type, for print(); may be NULL */
	bool literal;		/* a string constant of the script's own:
				 * written as it is (runtime/fmt_text.c) */
	int map;		/* DV_STACKID: the side map, in dobj.maps */
};

enum dact_kind {
	DACT_TRACE,	/* vals[0] */
	DACT_PRINTF,	/* fmt, vals[0 .. nvals) */
	DACT_EXIT,	/* vals[0]: int32 status */
	/* acting on aggregations, in the consumer (runtime/agg_act.c) */
	DACT_PRINTA,	/* fmt (NULL: default form), aggs[0 .. naggs) */
	DACT_TRUNC,	/* aggs[0]; vals[0]: int64 entries kept (none: 0) */
	DACT_CLEAR,	/* aggs[0] */
	DACT_NORMALIZE,	/* aggs[0]; vals[0]: int64 factor */
	DACT_DENORMALIZE,	/* aggs[0] */
	DACT_SETOPT,	/* optname, optval (NULL: a bare boolean) */
	/* destructive actions run by the consumer (runtime/destr.c) */
	DACT_SYSTEM,	/* fmt, vals: the command, run with /bin/sh */
	DACT_FREOPEN,	/* fmt, vals: the new output file ("": stdout) */
	DACT_FTRUNCATE,	/* no values: truncate the output file */
	/* output actions (codegen/cg_output.c) */
	DACT_TRACEMEM,	/* vals[0]: DV_BYTES; vals[1], if nvals is 2: int64
			 * bytes to print (tracemem's third argument) */
	DACT_PRINT,	/* print(): vals[0] DV_PTR, the address; vals[1]
			 * DV_BYTES, the object (type: its type) */
	DACT_PCAP,	/* pcap(): vals[0] DV_BYTES, a struct pcap_rec and
			 * the packet's first bytes (codegen/cg_pcap.c) */
};

/*
 * pcap()'s record: this header, then up to pcapsize + PCAP_LINKHDR_MAX
 * bytes of the packet from skb->data: pcapsize bytes are printed from
 * skb->data, and a capture of PCAP_IP takes pcapsize bytes from the
 * network header, which may be that far after it (a link-layer header)
 */
#define PCAP_LINKHDR_MAX	64
struct pcap_rec {
	uint64_t time;		/* ns since boot (bpf_ktime_get_ns) */
	uint32_t caplen;	/* bytes captured: 0 for no packet */
	uint32_t len;		/* the packet's length */
	int64_t type;		/* the DLT_ link type pcap() was given */
	int64_t nhoff;		/* the network header, from the first byte */
};

struct dact {
	enum dact_kind kind;
	const char *fmt;	/* DACT_PRINTF: the format, escapes decoded */
	struct dval *vals;
	int nvals;
	struct srcloc loc;
	const uint32_t *aggs;	/* DACT_PRINTA ...: aggregation ids (dagg.id) */
	int naggs;
	const char *optname, *optval;	/* DACT_SETOPT */
};

struct dstmt {			/* one clause: what its records hold */
	uint32_t epid;
	struct dact *acts;
	int nacts;
	uint32_t size;		/* record size including the header */
	struct srcloc loc;	/* the clause, for messages */
	/* actions may not run (if/else): a uint64_t after the header has
	 * bit i set when acts[i] ran (codegen/cg_if.c) */
	bool cond_mask;
};

enum dagg_func {
	AGG_COUNT, AGG_SUM, AGG_AVG, AGG_MIN, AGG_MAX, AGG_STDDEV,
	AGG_QUANTIZE, AGG_LQUANTIZE, AGG_LLQUANTIZE,
};

/*
 * Aggregation values, per CPU in the map and merged by the runtime:
 *	count, sum:	int64_t
 *	avg:		struct { uint64_t count; int64_t sum; }
 *	min, max:	struct { uint64_t count; int64_t value; }  (count 0: unset)
 */
struct dobj;

struct dagg {
	uint32_t id;		/* index + 1 in dobj.aggs */
	const char *name;	/* without the @; "" for the anonymous @ */
	enum dagg_func func;
	struct dval *keys;	/* layout of the tuple, at the key's start */
	int nkeys;
	/*
	 * Aggregations share maps (codegen/cg_aggmap.c): a keyed one's map
	 * key is its tuple (tuple_size bytes) and then its id as a u64; a
	 * key-less one is the u32 slot `slot` of a per-CPU array.
	 */
	uint32_t key_size;	/* the map's key: ktuple_size + 8, or 4 */
	uint32_t tuple_size;	/* 0 for a key-less aggregation */
	/*
	 * Keys that are probe-description strings (probefunc...) are kept
	 * in the map as their string-table offset, a small integer, and
	 * execname in its 16 bytes, not strsize, and read back as the
	 * strings (runtime/agg.c): kkeys is the map's
	 * tuple layout (ktuple_size bytes), keys the tuple as read.  NULL
	 * when they are the same.
	 */
	struct dval *kkeys;
	uint32_t ktuple_size;
	/* whose string table kkeys index: the first compilation's, grown
	 * with those of each compilation again (runtime/ulate.c) */
	const struct dobj *strs;
	uint32_t slot;		/* key-less: its element of the array */
	uint32_t value_size;	/* per CPU */
	int64_t params[4];	/* lquantize/llquantize parameters */
	int map;		/* index in dobj.maps */
	/*
	 * Compiled with an aggrate, a keyed aggregation's map has a twin
	 * of the same shape, and the programs update the one that
	 * dobj.agg_gen's word names (0: map, 1: map2), so that the
	 * consumer drains a map no program is writing any more
	 * (runtime/agg_drain.c).  0 (the ring buffer's index): none.
	 */
	int map2;
};

/* Whether a key read from ag's (shared) map is one of ag's entries. */
bool dagg_owns_key(const struct dagg *ag, const void *key);

/*
 * The least stability attributes of a source's probe descriptions and
 * of its statements (compile/stability.c), as -v reports them: each a
 * struct prov_attr's name, data and class.
 */
struct dsrc_attrs {
	uint8_t desc[3], stmt[3];
};

/* -e -v: a clause's probe description, its fields as matched, and the
 * first probe it matched (NULL: none), of source src */
struct ddesc {
	uint32_t src;
	const char *f[4];
	struct probe *first;
};

/* A map to create before loading; fd is set by the runtime. */
struct dmap {
	const char *name;	/* at most 15 characters */
	uint32_t type;		/* BPF_MAP_TYPE_* */
	uint32_t key_size, value_size, max_entries, flags;
	const void *init;	/* array maps: contents of element 0; hash
				 * maps: (key, value) pairs; or NULL */
	uint32_t init_size;
	bool freeze;		/* read-only from BPF after init */
	int fd;
};

/*
 * Where a program's instructions come from, so that a verifier rejection
 * can name its clause and statement: entry i covers instructions
 * [insn, entry i+1's insn).  epid 0: the prologue or the exit.
 */
struct dline {
	uint32_t insn;
	uint32_t epid;		/* the clause's statement id, or 0 */
	int action;		/* 1-based statement; 0: guard and predicate */
	struct srcloc loc;	/* the statement's (or clause's) location */
};

/* One BPF program: the clauses that run at one attach point. */
struct dprog {
	struct attach *at;
	uint32_t prog_type;	/* BPF_PROG_TYPE_* */
	uint32_t attach_type;	/* expected attach type, or 0 */
	struct bpf_insn *insns;
	size_t ninsns;
	char name[16];
	int fd;			/* set by the runtime */
	struct dline *lines;	/* in instruction order; may be NULL */
	size_t nlines;
	/* attached before the others: on a tracepoint it shares with
	 * them, it runs first (the replays of codegen/cg_defer.c) */
	bool attach_first;
	/* loaded BPF_F_SLEEPABLE: it may fault user pages in */
	bool sleepable;
};

/* standard maps every program has, at these indexes */
enum {
	DMAP_RINGBUF,	/* the output ring buffer */
	DMAP_DCTX,	/* per-CPU struct dctx */
	DMAP_GLOBALS,	/* array, one element: global variables */
	DMAP_STRTAB,	/* array, one element, frozen: string constants */
	DMAP_STATS,	/* per-CPU array of drop counters (enum dstat) */
	DMAP_STATE,	/* array, one u32: enum dstate */
	DMAP_NSTD,
};

/*
 * The tracing state, as DTrace's: probes other than BEGIN and END record
 * nothing until BEGIN has fired (every probe is attached before it, so
 * once BEGIN's output is seen everything is live), nor after exit().
 */
enum dstate {
	DSTATE_WARMUP,
	DSTATE_ACTIVE,
	DSTATE_DRAINING,
	DSTATE_COOLDOWN,	/* END is firing: exit() only sets the status */
};

/* per-CPU counters kept by the BPF programs in DMAP_STATS */
enum dstat {
	DSTAT_RINGBUF_DROPS,	/* ring buffer full */
	DSTAT_AGG_DROPS,	/* aggregation map full */
	DSTAT_DYN_DROPS,	/* dynamic variable space full */
	DSTAT_SPEC_DROPS,	/* speculation over specsize */
	DSTAT_SPEC_BUSY,	/* speculation(): all busy, some being freed */
	DSTAT_SPEC_UNAVAIL,	/* speculation(): all in use */
	DSTAT_COUNT,		/* the drop counters above */
	/* bufpolicy=fill: the room this CPU's records took, as DTrace
	 * counts it (runtime/bufpol.c), not a drop counter */
	DSTAT_FILL_USED = DSTAT_COUNT,
	DSTAT_SLOTS,
};

struct dobj {
	struct arena *arena;	/* owns everything below but the vectors */
	/*
	 * compiled again while tracing when a traced process loads a
	 * library (runtime/ulate.c): its maps are defined in an order that
	 * does not depend on the probes found (codegen/cg_prog.c)
	 */
	bool late;
	/*
	 * a clause copies user memory, which may not be paged in at a
	 * system call's entry: syscall entry probes then stay on the
	 * sys_enter raw tracepoint, where a failed copy can be finished at
	 * the return (codegen/cg_defer.c), whatever their number
	 */
	bool defer_copies;
	/* a clause reads the kernel's stack (stack(), stackdepth, caller):
	 * syscall probes take the raw path where the perf one has no
	 * kernel stack (providers/syscall.c) */
	bool kstacks;
	VEC(struct dmap) maps;
	VEC(struct dprog) progs;
	VEC(struct dstmt) stmts;
	VEC(struct dagg) aggs;
	VEC(struct probe *) probes;	/* every enabled probe, once */
	VEC(char) strtab;		/* contents of DMAP_STRTAB */
	VEC(uint32_t) matched;		/* probes matched, per source */
	VEC(struct dsrc_attrs) attrs;	/* -v's report, per source */
	VEC(struct ddesc) descs;	/* every clause's descriptions */
	uint32_t globals_size;
	int spec_map;			/* index in maps of the speculations,
					 * one element of spec_slot[nspec] */
	uint32_t nspec;			/* 0: the program does not speculate */
	int agg_gen;			/* index in maps of the aggregations'
					 * generation word (dagg.map2), an
					 * array of one uint32_t; 0: none */
	bool destructive;		/* uses destructive actions: needs -w */
	bool records;			/* a clause records data (not only
					 * aggregations): the ring gets bufsize */
	struct probe_table *ptab;	/* the probes matched against, for the
					 * providers' plans (kernel BTF) */
	bool dvpool_empty;		/* dynvarsize holds no dynamic variable */
	struct dtypes *types;		/* the types (and kernel BTF) dval.type
					 * points into; freed by dobj_free */
};

void dobj_init(struct dobj *o, struct arena *a);
int dobj_add_map(struct dobj *o, const struct dmap *m);	/* its index */
/* intern s (with its NUL) into the string table; its offset */
uint32_t dobj_strtab_add(struct dobj *o, const char *s, size_t len);
/*
 * o's string table made by's, of which it must be the start, so that
 * each string keeps its offset: a compilation again while tracing
 * starts from the first's table and the first's grows to the later's
 * (runtime/ulate.c).  0, or -1 (nothing changed) if by's table does
 * not start with o's.
 */
int dobj_strtab_extend(struct dobj *o, const struct dobj *by);
void dobj_free(struct dobj *o);	/* frees the vectors, not the arena */

struct strbuf;
/* -S: every program disassembled, headed by the probes it serves */
void dobj_disassemble(const struct dobj *o, struct strbuf *sb);

#endif

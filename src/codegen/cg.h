/*
 * The code generator's shared state and its internal interface, split by
 * node family: cg_prog.c (programs, prologues, clauses), cg_expr.c
 * (expressions), cg_var.c (variables and built-ins), cg_str.c (strings),
 * cg_action.c (records: printf, trace, exit), cg_agg.c (aggregations),
 * regalloc.c (registers and helper calls).
 *
 * Register discipline: REG_DCTX (r9) holds the probe context for the
 * whole program; r1-r8 are allocated to expression temporaries, callee-
 * saved ones first.  Around a helper call the live caller-saved
 * temporaries are spilled to their fixed stack slots and reloaded after.
 * Integer values are always kept normalised in their 64-bit registers:
 * sign-extended if their type is signed, zero-extended if not.
 */
#ifndef BD_CG_H
#define BD_CG_H

#include <stdbool.h>
#include <stdint.h>

#include "../compile/ast.h"
#include "../compile/sema.h"
#include "../compile/types.h"
#include "dctx.h"
#include "dobj.h"
#include "emit.h"

struct dopts;
struct attach;

/* The stack frame, relative to REG_FP. */
#define FRAME_SPILL(reg)	(-8 * (reg))	/* r1..r5 spill slots */
#define FRAME_KEY0		(-48)		/* a u32 zero key */
#define FRAME_TMP		(-56)		/* one 8-byte temporary */
#define FRAME_CTX		(-64)		/* the program's context pointer,
						 * for helpers that want it */

/* The record buffer starts dctx scratch; temporaries follow it.  A
 * clause printing many strings (DTrace's own tests print a dozen
 * strsize strings in one printf) needs well over 4K. */
#define CG_REC_MAX	(16 * 1024)
#define CG_FAR_MAX	64	/* if-nesting whose labels relays carry */

struct cg {
	struct arena *a;
	struct diag *diag;
	struct dopts *opts;
	struct dtypes *types;
	struct dobj *obj;
	struct emit *e;
	const struct attach *at;	/* the attach point being generated */

	uint16_t busy;			/* allocated registers, a bit each */
	uint32_t alloc_at[R8 + 1];	/* the insn index each was allocated
					 * at (cg_spill.c) */
	struct node *expr_at;		/* the outermost expression being
					 * generated: where "out of
					 * registers" points */

	/* the clause being generated */
	struct node *clause;
	struct dstmt *stmt;		/* its record description */
	bool stmt_done;			/* layout known from an earlier program */
	VEC(struct dact) acts;
	uint32_t rec_off;		/* next free byte of the record */
	uint32_t scratch_off;		/* next free byte of dctx scratch */
	bool records;			/* the clause writes a record */
	int clause_end;			/* label after the clause, or
					 * of a relay to it (cg_prog.c) */
	size_t relay_at;		/* where the last relay was */
	int *far[CG_FAR_MAX];		/* labels ahead that jumps made so
					 * far may be too far from: the
					 * clause's end, each enclosing if's
					 * else and end (cg_prog.c) */
	int nfar;
	bool exit_seen;			/* an earlier clause calls exit() */
	int action;			/* statement number, 1-based; 0: predicate */
	uint32_t clause_index;		/* the clause's place in the program */

	/* the program being generated */
	int nargs_used;			/* highest argN read + 1 */
	int wall_global;		/* globals offset of boot->wall ns */
	int fill_global;		/* of bufsize less END's room (cg_fill.c) */
	int prdesc_map;			/* map prid -> probe strings, or -1 */
	uint32_t prdesc_max;		/* highest probe id in it */
	uint32_t strtab_max;		/* string offsets in it stay below */
	bool prov_stem;			/* some attach point makes probeprov
					 * at run time (attach.prov_stem), or
					 * may in a compilation again */
	uint32_t globals_size;		/* bytes of globals sema laid out */
	uint32_t this_size;		/* bytes of this-> variables, at the
					 * top of dctx scratch (cg_dvar.c) */
	bool cond_mask;			/* the clause's record has an action
					 * mask (cg_if.c) */
	int exit_label;
	struct node *spec_clause;	/* the clause speculate() was last
					 * generated in (cg_spec.c) */
	VEC(struct dline) lines;	/* the program's line table (cg_lines.c) */
	/* cg_subr_path.c: strtok()'s state in the clause being generated */
	struct node *strtok_clause;	/* the clause it belongs to */
	uint32_t strtok_state;		/* its scratch offset */
	uint32_t strtok_fixed;		/* the probe firing's state at the top
					 * of the this-> area, or 0 */
	/* cg_subr_mem.c: the heap of alloca()s of run-time sizes */
	uint32_t heap_slot;		/* scratch slot: bytes in use, or 0 */
#define CG_HEAP_FIX_MAX	16
	uint32_t heap_fix[CG_HEAP_FIX_MAX];	/* insns the limits patch */
	int nheap_fix;
	/* ... and the clause's alloca()s of constant sizes: the scratch a
	 * store through a pointer may write (cg_scratch_dest) */
#define CG_ALLOCA_MAX	32
	struct { uint32_t off, size; } allocas[CG_ALLOCA_MAX];
	int nallocas;
	/* where they go: a region at the start of the clause's scratch,
	 * reserved before anything else, so that successive alloca()s are
	 * contiguous and their offsets the same in every clause */
	uint32_t alloca_next, alloca_end;
#define CG_HEAP_START_FIX_MAX	64
	uint32_t heap_start_fix[CG_HEAP_START_FIX_MAX];	/* insns of the
					 * store checks the heap's start patches */
	int nheap_start_fix;
	/* cg_subr.c: the end of the scratch buffer the subroutine being
	 * generated returns its result in, or 0 (subr_result) */
	uint32_t subr_keep;
	/* cg_subr.c: a buffer str_in() lends the string subroutine call
	 * it copies (subr_dest_for), which that call may take as its first
	 * allocation (subr_out), so that a chain of nested calls builds
	 * its strings in one buffer: the offset, size (0: none) */
	const struct node *subr_dest_for;
	uint32_t subr_dest, subr_dest_size;
	uint32_t subr_out, subr_out_size;
	/* cg_spill.c: spill slots in use on the stack */
	int spill_depth;
	/* cg_kskip.c: kallsyms and the tracing machinery's addresses */
	struct cg_kskip *kskip;
	/* cg_error.c: the ERROR clauses as a subprogram of this program */
	int error_sub;			/* its label, or -1 */
	bool error_called;		/* a fault path calls it */
	/* cg_subr_net.c: the IPv6 formatting subprogram's label, or -1 */
	int ntop_sub;
	struct cg_clause *error_clauses;	/* all clauses, to find ERROR's */
	size_t nerror_clauses;
	/* cg_dvpool.c: the elements the dynamic variables may hold in all
	 * (UINT64_MAX: no dynamic variables), and the globals offset of
	 * the count in use */
	uint64_t dvpool_limit;
	int dvpool_global;
	/* cg_defer.c: user memory copies finished later, once paged in */
	int defer_map;			/* the saved firings' map, or -1 */
	int defer_upto;			/* the clause's statements whose copies
					 * may defer (0: the predicate only;
					 * -1: none) */
	bool defer_possible;		/* the program may defer */
	bool defer_used;		/* it does: it gets a replay */
	bool replay;			/* generating the replay program */
	int32_t defer_id;		/* the attach point's, in the map's key */
};

/* regalloc.c */
int ra_alloc(struct cg *cg);
void ra_free(struct cg *cg, int reg);
bool ra_ok(struct cg *cg);	/* no register leaked (checked per clause) */

enum cg_arg_kind { CA_REG, CA_IMM, CA_MAP, CA_MAPGEN, CA_DCTX, CA_FP };
struct cg_arg {
	enum cg_arg_kind kind;
	int reg;		/* CA_REG: freed by the call */
	int64_t imm;		/* CA_IMM value, CA_MAP(GEN) index, CA_DCTX/CA_FP
				 * offset */
	int alt;		/* CA_MAPGEN: the map of generation 1 */
};
#define ARG_REG(r)	((struct cg_arg){ .kind = CA_REG, .reg = (r) })
#define ARG_IMM(v)	((struct cg_arg){ .kind = CA_IMM, .imm = (v) })
#define ARG_MAP(m)	((struct cg_arg){ .kind = CA_MAP, .imm = (m) })
/* map m or m2, as the aggregations' generation word says (dagg.map2) */
#define ARG_MAPGEN(m, m2) \
	((struct cg_arg){ .kind = CA_MAPGEN, .imm = (m), .alt = (m2) })
#define ARG_DCTX(o)	((struct cg_arg){ .kind = CA_DCTX, .imm = (o) })
#define ARG_FP(o)	((struct cg_arg){ .kind = CA_FP, .imm = (o) })
/* Call helper `fn` with args; the result in a newly allocated register,
 * or -1 when want_result is false. */
int cg_call(struct cg *cg, int fn, const struct cg_arg *args, int nargs,
	    bool want_result);

/* cg_expr.c */
/* n's value in a new register, as it leaves n for a store, an action,
 * a subroutine, a key or a test: an int's narrowed to C's (cg_widen.c) */
int cg_expr(struct cg *cg, struct node *n);
/* n's value as an operator's operand: an int's 64-bit intermediate */
int cg_operand(struct cg *cg, struct node *n);
void cg_normalize(struct cg *cg, int reg, const struct dtype *t);
void cg_cond_jump(struct cg *cg, struct node *n, int false_label);
uint32_t cg_scratch(struct cg *cg, uint32_t size);	/* dctx offset */
/* cg_spill.c: around the code of subexpression n (cg_expr), the
 * registers its parents hold wait on the stack when few are free; the
 * end gives back the register holding n's value r (moved if need be) */
struct ra_spill {
	uint16_t stored, lent;		/* registers in slots; unset ones */
	int16_t slot[R8 + 1];
};
void ra_spill_begin(struct cg *cg, const struct node *n, struct ra_spill *s);
int ra_spill_end(struct cg *cg, struct ra_spill *s, int r);
/* cg_widen.c: an operator's int result narrowed to its type where it
 * is widened to `to` (NULL or not an int: any other type), compared or
 * leaves its expression (cg_expr) */
void cg_widen(struct cg *cg, int reg, const struct node *n,
	      const struct dtype *to);
int cg_expr_to(struct cg *cg, struct node *n, const struct dtype *to);
/* cg_thread.c: the thread a probe describes (attach other_thread) */
bool cg_other_thread(const struct cg *cg);
/* a new register: that thread's task_struct */
int cg_task(struct cg *cg);
/* pid, tid, uid, gid, execname of that other thread; -1: not one */
int cg_thread_builtin(struct cg *cg, struct node *n);
/* the self-> key of that thread (bpf_get_current_pid_tgid()'s form) */
int cg_thread_key(struct cg *cg);
/* refuse a helper about the running thread where it is not the probe's */
void cg_thread_check_helper(struct cg *cg, int fn);
int cg_fail(struct cg *cg, struct node *n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* a = a op b in type t (both normalised to t; op a token); frees b */
void cg_arith(struct cg *cg, int tok, int a, int b, const struct dtype *t);

/* cg_var.c */
int cg_builtin(struct cg *cg, struct node *n);
/* cg_builtin.c: args[], uregs[], errno, vtimestamp */
int cg_builtin_ext(struct cg *cg, struct node *n);
/* cg_dvpool.c: the dynamic variable space (elements) of the dynamic
 * variables among syms; a new element's claim on it (a jump to
 * full_label when none is left) and its release */
uint64_t cg_dvpool_limit(const struct dopts *o, struct dsym *const *syms,
			 size_t n);
void cg_dvpool_claim(struct cg *cg, int full_label);
void cg_dvpool_release(struct cg *cg);
/* cg_action.c: refuse a tuple of n keys past DTrace's tuple registers */
void cg_tuple_check(struct cg *cg, int n);
/* A register holding the string-table offset of probeprov, probemod,
 * probefunc or probename (builtin: its BV_ id) for the firing probe. */
int cg_probe_string_offset(struct cg *cg, int builtin);
/* s's offset in the string table, cut at strsize (cg_prog.c) */
uint32_t cg_probe_strtab_add(struct cg *cg, const char *s);
/* cg_agg.c: is key i of y (an aggregation, array or thread-local) kept
 * in its map as the string-table offset of a probe description string? */
bool cg_probe_key(const struct cg *cg, const struct dsym *y, int i);
/* uregs[e] (cg_uregs.c) */
int cg_uregs(struct cg *cg, struct node *n);
int cg_global_load(struct cg *cg, const struct dsym *y);
void cg_global_store(struct cg *cg, const struct dsym *y, int reg);

/* cg_dvar.c: self->, this-> and associative-array variables */
int cg_dvar_load(struct cg *cg, struct node *n);
int cg_dvar_assign(struct cg *cg, struct node *n);	/* lhs is one */
int cg_dvar_incdec(struct cg *cg, struct node *n);	/* lhs is one */
void cg_dvar_clear_this(struct cg *cg);	/* at the start of a program */
/* a struct-valued one's writable address, created when absent */
int cg_dvar_addr(struct cg *cg, struct node *n);

/* cg_if.c: if/else and the action mask of clauses that need one */
void cg_if(struct cg *cg, struct node *s);
bool cg_clause_has_cond_actions(const struct node *clause);
void cg_cond_begin(struct cg *cg);
void cg_cond_mark(struct cg *cg, struct node *s, size_t nacts);

/* cg_member.c: . -> * & `sym stringof (kernel reads fault on bad
 * addresses); struct, union and array values are addresses */
int cg_mem_expr(struct cg *cg, struct node *n);
/* cg_store.c: stores to members and elements of typed globals */
int cg_store_assign(struct cg *cg, struct node *n);
int cg_store_incdec(struct cg *cg, struct node *n);
int cg_store_sou(struct cg *cg, struct node *n);	/* global = struct */
bool cg_store_is_elem(const struct node *n);	/* in a global array */
int cg_store_elem_addr(struct cg *cg, struct node *n);	/* checked */

/* cg_agg.c: the shared all-zero array element (map index), grown to
 * at least size bytes */
int cg_zero_map(struct cg *cg, uint32_t size);
/* cg_sou.c: struct and union values copied whole */
void cg_sou_copy(struct cg *cg, int dst, uint32_t size, int src);
int cg_sou_zero(struct cg *cg, uint32_t size);

/* cg_xlate.c: a whole translated struct (xlate<T>(x), xlate<T *>(x))
 * built in scratch; its address */
int cg_xlate(struct cg *cg, struct node *n);
/* cg_inline.c: an inline's argument bound once (NK_BIND, NK_BOUND) */
int cg_inline_bind(struct cg *cg, struct node *n);

/* cg_subr_str.c: s + i, i + s or s - i (n, a string-typed NK_BINARY):
 * s from its i-th byte, the offset kept within s */
int cg_str_offset(struct cg *cg, struct node *n);

/* cg_strnull.c: the NULL string (a new register); whether n's string
 * value can be NULL; a fault if n's value in r (kept) is NULL, as a
 * recorded value's (record) or a subroutine's */
int cg_str_null(struct cg *cg);
bool cg_str_may_be_null(const struct node *n);
/* a variable's string bytes: store string v (kept) into the size bytes
 * at dst (freed), NULL as a mark; the address r of bytes loaded becomes
 * the NULL string where they hold the mark; n's string value in r as an
 * integer (NULL is 0) */
void cg_str_store(struct cg *cg, int dst, int v, uint32_t size);
void cg_str_load(struct cg *cg, int r, uint32_t size);
void cg_str_to_int(struct cg *cg, const struct node *n, int r);
void cg_str_null_check(struct cg *cg, const struct node *n, int r,
		       bool record);

/* cg_fault.c: write a fault record and abandon the clause; addr_reg
 * (not freed) holds the faulting address, or is -1 */
void cg_fault(struct cg *cg, enum dfault kind, int addr_reg);
/* the same for a fault while recording a value (no "at DIF offset") */
void cg_fault_record(struct cg *cg, enum dfault kind, int addr_reg);
/* jump to a fault unless reg (a helper's result) is 0 or positive */
void cg_fault_if_neg(struct cg *cg, int reg, enum dfault kind, int addr_reg);

/* cg_link.c: may kernel symbol n's address be put in the program?
 * false, with D_ASRELO, where -x linkmode leaves it to load time */
bool cg_ksym_linked(struct cg *cg, const struct node *n);

/* cg_subr_mem.c: a pointer the verifier knows to the size bytes at the
 * address in dst (freed), which must lie in what the clause alloca()ed
 * (or copyin()ed), or in the globals, else a fault */
int cg_scratch_dest(struct cg *cg, int dst, uint32_t size);
/* a new register: the bytes from the address in addr (kept) to the end
 * of the alloca() that holds it, at most max (max if in none) */
int cg_alloca_rest(struct cg *cg, int addr, uint32_t max);
/* scratch at off (size bytes) given to the program to write, as an
 * alloca()'s: copyin()'s buffer too */
void cg_alloca_note(struct cg *cg, struct node *n, uint32_t off,
		    uint32_t size);
/* reserve the clause's alloca()s of constant sizes: first in its scratch */
void cg_alloca_begin(struct cg *cg);
/* r (kept, returned) an alloca() pointer made DTrace's offset into its
 * scratch, as trace() shows it; NULL stays 0 */
int cg_alloca_offset(struct cg *cg, int r);
void cg_heap_begin(struct cg *cg);	/* around each clause */
void cg_heap_end(struct cg *cg);

/* cg_subr_net.c: the IPv6 formatting subprogram, if a call used it */
void cg_ntop_end(struct cg *cg);
/* cg_loop.c: chill(ns); the line table after subprograms moved */
int cg_chill(struct cg *cg, struct node *call);
void cg_loop_remap_lines(struct cg *cg, const struct emit *e);

/* cg_subr.c: a subroutine call (strlen, copyin ...); its value in a new
 * register (0 for the void ones) */
int cg_subr(struct cg *cg, struct node *n);

/* cg_stack.c: stack(), ustack(), sym() ...: values of the symbolic
 * types (sema_symval) recorded into the record or an aggregation key */
int cg_stack_expr(struct cg *cg, struct node *n);	/* sym(x): x */
int cg_stack_depth(struct cg *cg, bool user);	/* [u]stackdepth */
uint32_t cg_kstack_skip(struct cg *cg);	/* stack()'s tracing frames */
int cg_caller(struct cg *cg, bool user);	/* caller, ucaller */
/* cg_kskip.c: kernel stacks without the tracing machinery's frames */
struct cg_kstack {
	uint32_t off;	/* dctx offset of the frames read */
	int ret;	/* bpf_get_stack()'s result, if wanted, else -1 */
	int skip;	/* register: machinery frames at the start, or -1 */
};
/* read nframes frames after the machinery (and a few more) to scratch */
void cg_kstack_read(struct cg *cg, uint32_t nframes, bool want_ret,
		    struct cg_kstack *ks);
/* a new register pointing at frame i after the machinery (frees skip) */
int cg_kstack_frame(struct cg *cg, struct cg_kstack *ks, uint32_t i);
/* stack(): size bytes of frames after the machinery at REG_DCTX + off */
void cg_kstack_store(struct cg *cg, int32_t off, uint32_t size);
void cg_kskip_free(struct cg *cg);	/* after the last program */
void cg_kstack_want(struct cg *cg, const struct cg_clause *clauses, size_t n);
/*
 * The address ranges of k's functions that run a program on tracepoint
 * tp (syscalls: on sys_enter/sys_exit), sorted and merged; their number
 * (at most max).
 */
struct ksyms;
struct kskip_range {
	uint64_t lo, hi;
};
int cg_kskip_find(const struct ksyms *k, const char *tp, bool syscalls,
		  struct kskip_range *out, int max);
/* bpf_get_stack(ctx, REG_DCTX + off, size, flags); result if want_ret */
int cg_get_stack(struct cg *cg, uint32_t off, uint32_t size, uint32_t flags,
		 bool want_ret);
/* the same without the entry-probe correction (cg_get_stack's helper) */
int cg_get_stack_at(struct cg *cg, uint32_t off, uint32_t size,
		    uint32_t flags, bool want_ret);
/* cg_subr_dpath.c: cwd and root, paths built in BPF */
int cg_path_builtin(struct cg *cg, struct node *n, bool cwd);
/* cg_bvar.c: timestamp (once per firing), execargs */
int cg_timestamp(struct cg *cg);
int cg_execargs(struct cg *cg, struct node *n);
enum dval_kind cg_symval_kind(enum symval k);
uint32_t cg_symval_size(struct cg *cg, const struct dtype *t);
/* evaluate n and store what it records at REG_DCTX + off */
void cg_symval_store(struct cg *cg, struct node *n, int32_t off);
/* record n (a symbolic value) in the record, described in *v */
void cg_stack_record(struct cg *cg, struct node *n, struct dval *v);
struct fmt;
/* printf argument argi for %A a plain address: record it as uaddr() of it
 * (true), else false and nothing done */
bool cg_printf_uaddr(struct cg *cg, const struct fmt *f, int argi,
		     struct node *n, struct dval *v);
/* cg_stackid.c: stacks in aggregation keys kept as ids */
/* whether the key slot v (its tuple's) is kept as a stack id */
bool cg_stackid_key(const struct dval *v);
/* the side map of the frames of stacks of size bytes, made once */
int cg_stackid_map(struct cg *cg, uint32_t size);
/* store n's stack (tuple slot v) in side map `map` and its id at
 * REG_DCTX + key; jumps to drop when it cannot be kept */
void cg_stackid_store(struct cg *cg, struct node *n, int32_t key,
		      const struct dval *v, int map, int drop);

/* cg_str.c */
int cg_strcmp(struct cg *cg, struct node *n);	/* n: comparison of strings */
int cg_cast(struct cg *cg, struct node *n);	/* cg_cast.c: NK_CAST */
/* cg_reclaim.c: give back the scratch a statement, a comparison or a
 * consumed value used */
struct cg_scratch_mark {
	uint32_t off, strtok_state, heap_slot;
	int nheap_fix;
	const struct node *strtok_clause;
};
void cg_scratch_mark(struct cg *cg, struct cg_scratch_mark *m);
/* n: the expression statement, comparison or value whose code allocated
 * since m, which is checked for memory that outlives it (alloca ...) */
void cg_scratch_reclaim(struct cg *cg, const struct cg_scratch_mark *m,
			const struct node *n);
/* ... all but what lies below keep_end (the buffer of n's result) */
void cg_scratch_reclaim_to(struct cg *cg, const struct cg_scratch_mark *m,
			   const struct node *n, uint32_t keep_end);
/* copy the string at reg (freed) to dst (a map value) + off, up to size */
void cg_strcpy(struct cg *cg, int dst_base, int32_t off, int src,
	       uint32_t size);
int cg_string_const(struct cg *cg, const char *s, size_t len);

/* cg_action.c */
int cg_action(struct cg *cg, struct node *call, enum dfunc f);
void cg_record_begin(struct cg *cg);
/* cg_action.c: a slot of size bytes in the record, aligned to align (a
 * compile error when the record is full); a speculative clause's data
 * past specsize ends the clause there (cg_spec_overflow) */
uint32_t cg_rec_slot(struct cg *cg, struct node *n, uint32_t size,
		     uint32_t align);
/* cg_action.c: evaluate n into the record, as printf()'s arguments */
void cg_record_value(struct cg *cg, struct node *n, struct dval *v);
void cg_record_end(struct cg *cg);
void cg_count_drop(struct cg *cg, enum dstat which);

/* cg_spec.c: speculation */
int cg_spec_speculation(struct cg *cg, struct node *call);	/* a value */
int cg_spec_action(struct cg *cg, struct node *call, enum dfunc f);
/* before a speculative record of `size` bytes goes out: a label to jump
 * to (placed by the caller after the output) to drop it instead */
int cg_spec_gate(struct cg *cg, uint32_t size);
/* the data of a speculative clause went past specsize: as in Oracle's
 * DTrace, a speculative drop, and the rest of the clause does not run */
void cg_spec_overflow(struct cg *cg);
/* cg_fill.c: bufpolicy=fill.  The ring buffer was full: tracing stops */
void cg_buf_full(struct cg *cg);
/* before the clause's record goes out: -1 (not fill), or a label to jump
 * to (placed by the caller after the output) when this CPU's buffer has
 * no room left for it, as DTrace counts room */
int cg_fill_gate(struct cg *cg);
/* cg_exit.c: exit() ends tracing once; later clauses are skipped */
void cg_exit_drain(struct cg *cg);
void cg_exit_guard(struct cg *cg);
/* cg_destr.c: destructive actions (raise, stop, system ...) */
int cg_destr_action(struct cg *cg, struct node *call, enum dfunc f);
/* cg_action.c: what printf()'s checks call a value of type t
 * (enum fmt_argkind of runtime/fmt.h) */
int cg_fmt_arg_kind(const struct dtype *t);
/* cg_aggmap.c: the map g lives in (g->map), shared with the aggregations
 * of its shape; sets g->slot for a key-less one */
void cg_agg_place(struct cg *cg, struct dagg *g);
/* cg_output.c: tracemem(), and trace() of structs, unions and arrays */
int cg_output_action(struct cg *cg, struct node *call, enum dfunc f);
/* cg_ldouble.c: the 16 bytes of long double n in the record */
void cg_ldouble_record(struct cg *cg, struct node *n, struct dval *v);
/* reserve size bytes of the record, 8-byte aligned: the offset */
uint32_t cg_out_slot(struct cg *cg, struct node *n, uint32_t size);
/* cg_print.c: print(ptr), its action described in act */
struct dact;
int cg_print(struct cg *cg, struct node *call, struct dact *act);
/* cg_pcap.c: pcap(skb, type), its action described in act */
void cg_pcap(struct cg *cg, struct node *call, struct dact *act);

/* cg_agg.c */
int cg_aggregate(struct cg *cg, struct node *assign);
/* the aggregation's description and map, created on first use */
struct dagg *cg_agg_define(struct cg *cg, struct dsym *y);
/* cg_agg_act.c: printa, trunc, clear, normalize, denormalize, setopt */
int cg_agg_action(struct cg *cg, struct node *call, enum dfunc f);

/* cg_lines.c: the line table of the program being generated */
/* the code emitted from here on is the clause's statement `action` */
void cg_line(struct cg *cg, uint32_t epid, int action, struct srcloc loc);
/* copy the table into p, shifted past a prologue of `skip` insns */
void cg_lines_finish(struct cg *cg, struct dprog *p, size_t skip);

/* cg_prog.c: generate every program of the compilation */
struct cg_clause {
	struct node *clause;
	struct probe **probes;	/* the probes it is enabled on */
	size_t nprobes;
	struct probe **byid;	/* the same sorted by id (cg_program) */
	uint32_t index;		/* its place in the program, from 0 */
	/* a probe once more for each further description of the clause
	 * that names it: DTrace enables the clause once per description,
	 * so it runs that many times per firing */
	struct probe **again;
	size_t nagain;
};
int cg_program(struct cg *cg, struct cg_clause *clauses, size_t n);
void cg_clause(struct cg *cg, const struct cg_clause *c, struct dstmt *st);
/* cg_error.c: dtrace:::ERROR fired in the faulting firing */
void cg_error_begin(struct cg *cg, struct cg_clause *clauses, size_t n);
bool cg_error_inline(const struct cg *cg);
void cg_error_call(struct cg *cg, int fault_rec_off);
void cg_error_end(struct cg *cg);
/* cg_subr_path.c: reserve strtok()'s firing-wide state if a clause uses it */
void cg_strtok_reserve(struct cg *cg, const struct cg_clause *clauses, size_t n);
void cg_stmt(struct cg *cg, struct node *s);	/* one statement */
void cg_far_push(struct cg *cg, int *label);	/* cg_prog.c */
void cg_far_pop(struct cg *cg);
/* cg_prog.c: the program of one attach point */
int cg_attach(struct cg *cg, struct attach *at, struct cg_clause *clauses,
	      size_t n);

/* cg_defer.c: copies of user memory finished once it is paged in */
/* whether a clause copies user memory (obj->defer_copies), then the map
 * of saved firings once the probes are planned */
void cg_defer_want(struct cg *cg, const struct cg_clause *clauses, size_t n);
void cg_defer_maps(struct cg *cg, struct attach *const *ats, size_t nats);
void cg_defer_begin(struct cg *cg);	/* at a program's start */
void cg_defer_clause(struct cg *cg);	/* at a clause's start */
/*
 * in place of cg_fault_if_neg() for a copy of user memory of the length
 * in slot len_slot (cg_subr.h's sv_), which is set only where
 * cg_defer_may() says the copy may be finished later
 */
void cg_user_fault(struct cg *cg, int ret, int addr_reg, uint32_t len_slot);
bool cg_defer_may(const struct cg *cg);
/* the replay program's prologue: the saved firing, restored, dropped */
void cg_defer_prologue(struct cg *cg, struct emit *e, int out);
void cg_defer_restore(struct cg *cg, struct emit *e);
void cg_defer_drop(struct cg *cg, struct emit *e);
/* the replay program's clause guard: clauses already run are skipped */
void cg_defer_guard(struct cg *cg, int end);
void cg_defer_replay(struct cg *cg, const struct attach *at,
		     struct cg_clause *clauses, size_t n);

#endif

/*
 * Semantic analysis: resolves identifiers (built-ins, global variables,
 * aggregations, macro arguments), types every expression by D's rules,
 * and rejects what the language forbids with DTrace's D_ tags.  What the
 * language allows but this version does not yet implement is rejected
 * with D_UNSUPPORTED and the words "not supported yet".
 */
#ifndef BD_SEMA_H
#define BD_SEMA_H

#include "../lib/vec.h"
#include "ast.h"
#include "types.h"

struct probe;
struct probe_table;

enum builtin_var {
#define BUILTIN(name, id, type) id,
#include "builtins.def"
#undef BUILTIN
	BV_COUNT
};

/* Actions and functions a clause may call. */
enum dfunc {
	DF_NONE = -1,
	DF_PRINTF, DF_TRACE, DF_EXIT,
	/* aggregating functions (sema_is_agg_func: DF_COUNT..DF_LLQUANTIZE) */
	DF_COUNT, DF_SUM, DF_AVG, DF_MIN, DF_MAX,
	DF_STDDEV, DF_QUANTIZE, DF_LQUANTIZE, DF_LLQUANTIZE,
	/* actions on aggregations (sema_agg.c, cg_agg_act.c) */
	DF_PRINTA, DF_TRUNC, DF_CLEAR, DF_NORMALIZE, DF_DENORMALIZE,
	DF_SETOPT,
	/* stacks (sema_stack.c, cg_stack.c) */
	DF_STACK, DF_USTACK,
	/* speculation (sema_spec.c, cg_spec.c) */
	DF_SPECULATE, DF_COMMIT, DF_DISCARD,
	/* destructive actions (sema_spec.c, cg_destr.c) */
	DF_RAISE, DF_STOP, DF_SYSTEM, DF_CHILL, DF_FREOPEN, DF_FTRUNCATE,
	DF_PANIC, DF_BREAKPOINT,
	/* output (sema_output.c, cg_output.c) */
	DF_TRACEMEM,
	DF_PRINT,	/* print() (sema_print.c, cg_print.c) */
	DF_PCAP,	/* pcap() (sema_output.c, cg_pcap.c) */
};

enum dsym_kind {
	SYM_GLOBAL, SYM_AGG,
	/* dynamic and clause-local variables (sema_var.c) */
	SYM_SELF,	/* self->name: type; a hash map keyed by thread */
	SYM_THIS,	/* this->name: type; offset in the this-> region */
	SYM_ASSOC,	/* name[keys]: type, keys, nkeys; a hash map */
	SYM_INLINE,	/* inline type name = init (sema_inline.c) */
	SYM_XLATOR,	/* translator: type the output, keys[0] the input
			 * once resolved, init the NK_TRANSLATOR (xlate.c) */
};

struct dsym {
	enum dsym_kind kind;
	const char *name;
	const struct dtype *type;	/* SYM_GLOBAL */
	uint32_t offset;		/* SYM_GLOBAL: in the globals map */
	struct srcloc loc;		/* first definition */
	/* SYM_AGG */
	enum dfunc func;
	const struct dtype **keys;
	int nkeys;
	int agg_index;			/* index in dobj.aggs, once generated */
	int64_t agg_params[4];		/* lquantize, llquantize parameters */
	/* SYM_AGG, SYM_ASSOC, SYM_SELF: bit i set when every use's key i
	 * is probeprov, probemod, probefunc or probename (keyed by its
	 * string's place in the string table: codegen/cg_agg.c) */
	uint32_t probe_keys;
	/* SYM_AGG: bit i set when every use's key i is execname (kept in
	 * its 16 bytes, not strsize, in the kernel: codegen/cg_agg.c) */
	uint32_t exec_keys;
	/* SYM_AGG, SYM_ASSOC, SYM_SELF: bit i set when some use's key i
	 * is probeprov, which may be made at run time (codegen/cg_agg.c) */
	uint32_t prov_keys;
	bool keys_used;			/* SYM_ASSOC, SYM_SELF: probe_keys
					 * holds a use's */
	/* SYM_SELF, SYM_ASSOC: the map's index + 1 in dobj.maps, once
	 * generated (0: not yet); keys/nkeys also describe SYM_ASSOC */
	int dvar_map;
	bool declared;			/* by a declaration, not a use */
	/* SYM_INLINE, SYM_XLATOR of a D library: checked at first use
	 * (xlate.c), so programs not using them load no kernel BTF */
	bool unchecked;
	/* SYM_INLINE: the checked initializer and the type as written */
	struct node *init;
	const struct tnode *tn;
	/* SYM_INLINE of a library: init, parsed at its first use while
	 * NULL (parse_later.c) */
	const struct parse_later *later;
	/* SYM_INLINE: its "#pragma D attributes" (stability.c) */
	bool has_attr;
	uint8_t attr[3];		/* name, data, dependency class */
	/* variables: assigned alloca()'d memory, or other values */
	bool alloca, nonalloca;
};

struct sema {
	struct arena *a;
	struct diag *diag;
	struct dtypes *types;
	const char **argv;		/* macro arguments; $0 is the script */
	int argc;
	int target;			/* $target: the -c/-p pid, or 0 */
	VEC(struct dsym *) syms;	/* globals and aggregations */
	uint32_t globals_size;
	uint32_t this_size;		/* bytes of this-> variables */
	struct node *clause;		/* the clause being checked */
	/* the probes the clause is enabled on, for args[] (sema_builtin.c) */
	struct probe *const *probes;
	size_t nprobes;
	struct probe_table *ptab;
	bool defaultargs;		/* unset $N are 0 and $$N "" */
	const char *version;		/* the D version asked for, or NULL */
	bool in_library;		/* checking a D library (library.c) */
	/* library type declarations left for their first use, NULL once
	 * checked (sema_defer.c) */
	VEC(struct node *) deferred;
	bool cdefs;			/* checking a declaration from a header
					   cpp included (dname.cdefs) */
	bool lastarg_ref;		/* $argc-1 referenced (progcheck.c) */
	bool destructive;		/* a destructive action, even in a
					   clause -Z left without probes */
	struct dname *externs;		/* extern declarations (sema_extern.c) */
	/*
	 * The first error of the clause DTrace raises as it generates code
	 * (once the whole clause is typed): an action this system cannot
	 * take (D_UNSUPPORTED: panic(), copyout() ...), a bcopy() into
	 * memory alloca() did not give ...  Reported after the clause's
	 * other checks, in statement order with the ordering rules of
	 * speculations (sema_spec.c).
	 */
	struct {
		bool set;
		enum dtag tag;
		struct srcloc loc;
		int stmt_off;		/* where its statement starts */
		const char *msg;
	} late;
	const struct node *stmt;	/* the statement being checked */
};

void sema_init(struct sema *s, struct arena *a, struct diag *d,
	       struct dtypes *types, const char **argv, int argc);
/* Check one clause's predicate and body (its probes are matched). */
int sema_clause(struct sema *s, struct node *clause);
/* Reject top-level constructs not yet supported (declarations ...). */
/*
 * A library's type declaration that names a type no D declaration has
 * made (a kernel type, whose BTF would be parsed for it) is checked at
 * the first lookup of a name it declares (sema_defer.c): true if n is
 * left for then.
 */
bool sema_defer_decl(struct sema *s, struct node *n);
int sema_toplevel(struct sema *s, struct node *n);
struct dsym *sema_lookup(struct sema *s, enum dsym_kind kind,
			 const char *name);
void sema_free(struct sema *s);

/*
 * sema_stack.c: what a value of type t records, for the symbolic types
 * of stack(), ustack(), sym() ... (SV_NONE for any other type)
 */
enum symval { SV_NONE, SV_STACK, SV_USTACK, SV_SYM, SV_MOD, SV_USYM,
	      SV_UMOD, SV_UADDR };
enum symval sema_symval(const struct dtype *t);
/* whether t is the type of a jstack() value (a ustack() of jstackframes) */
bool sema_is_jstack(const struct dtype *t);
/* stack(n), ustack(n): a type of SV_STACK or SV_USTACK records
 * t->nelems frames (0: the stackframes or ustackframes option) */

/* sema_constx.c: is n an integer constant expression DTrace's parser
 * folds (its value is the 64-bit one, whatever n's type) */
bool sema_is_folded_const(const struct node *n);

/* the aggregating function, action or subroutine called `name` */
enum dfunc sema_func(const char *name);
/* sema_output.c: is a (checked) trace() argument recorded as raw bytes
 * (a struct, union or non-char array)? */
bool sema_output_bytes_arg(const struct node *a);
bool sema_is_agg_assign(const struct node *n);

/* sema_var.c: is n a self->, this-> or associative-array reference? */
bool sema_is_dvar(const struct node *n);
/* is assignment n (checked) the deletion of a struct or union element
 * of a dynamic variable, by a literal 0? */
bool sema_dvar_sou_delete(const struct node *n);

#endif

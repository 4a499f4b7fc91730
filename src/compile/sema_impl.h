/*
 * Declarations shared by the semantic-analysis files (sema.c: clauses,
 * statements and symbols; sema_expr.c: expressions and types;
 * sema_call.c: actions, subroutines and aggregations).  Not for other
 * modules: they use sema.h.
 */
#ifndef BD_SEMA_IMPL_H
#define BD_SEMA_IMPL_H

#include "sema.h"

/* D_UNSUPPORTED: "WHAT is not supported yet" at n; returns -1 */
int sema_unsupported(struct sema *s, const struct node *n, const char *what);
/* sema_dyn.c: a bare associative array name as an operand of `op`
 * (D_OP_DYN) or of trace() (D_TRACE_DYN); -1 after the error */
int sema_dyn_operands(struct sema *s, const struct node *op,
		      const struct node *l, const struct node *r,
		      const char *opname);
int sema_dyn_trace(struct sema *s, const struct node *arg);
/* the same for an xlate operand of `op` (operands checked) */
int sema_dyn_xlate_operands(struct sema *s, const struct node *op,
			    const struct node *l, const struct node *r,
			    const char *opname);
/* sema_float.c: a cast to float, double or long double (D_CAST_INVAL,
 * as in DTrace); true when n was handled, with the result in *rc */
bool sema_float_cast(struct sema *s, struct node *n, int *rc);
/* the type float, double or long double names (long double:
 * D_UNSUPPORTED, NULL) */
const struct dtype *sema_float_type(struct sema *s, const struct tnode *tn);
/* an assignment with a float or double on either side (typed: n->lhs) */
int sema_float_assign(struct sema *s, struct node *n);
int sema_expr(struct sema *s, struct node *n);
struct dsym *sema_define_global(struct sema *s, struct node *lhs,
				const struct dtype *type);

/* sema_call.c */
/*
 * Type call's arguments and check them against the function's DTrace
 * prototype; 0 or -1.  An aggregation argument has the type t_agg, an
 * action or aggregating function called as an argument is void.
 */
int sema_args(struct sema *s, struct node *call);
/* type n as an operand: as sema_expr, but an action or aggregating
 * function called there is checked and is a void value */
int sema_operand(struct sema *s, struct node *n);
/* sema_proto.c: DTrace's prototype check of call (its arguments
 * typed): D_PROTO_LEN, D_PROTO_ARG; 0 or -1 */
int sema_proto_check(struct sema *s, struct node *call);
bool sema_has_proto(const char *name);
/* may a variable of type lt take r (typed)?  DTrace's pointer rules
 * (dt_node_is_argcompat): a pointer takes a pointer to the same type
 * or to void, or 0, and an integer no pointer */
bool sema_value_compat(struct sema *s, const struct dtype *lt,
		       struct node *r);
bool sema_is_agg_func(enum dfunc f);
bool sema_is_later_func(const char *name);
bool sema_agg_stmt_misuse(struct sema *s, const struct node *e);
int sema_call_expr(struct sema *s, struct node *n);
int sema_action(struct sema *s, struct node *call, enum dfunc f);
/* sema_actexpr.c: actions used as operands, in DTrace's order of errors */
int sema_action_proto(struct sema *s, struct node *call);
int sema_action_operand(struct sema *s, struct node *n, struct node *operand,
			const char *to);
/* sema_printf.c: an aggregation or action as a printf() argument,
 * checked against the format as DTrace does (D_PRINTF_ARG_TYPE) */
int sema_printf_nonvalue(struct sema *s, struct node *call);
/* is n a call of an action (printf, trace ...), a value of type void? */
bool sema_is_action_call(const struct node *n);
/* sema_stack.c: stack(), ustack(), sym() and the other symbolic
 * functions; true when n is one of them, with the result in *rc */
bool sema_stack_call(struct sema *s, struct node *n, int *rc);
/* sema_spec.c: an error DTrace raises as it generates the clause's
 * code, reported once the clause is typed (sema.h: late) */
void sema_late_error(struct sema *s, struct srcloc loc, enum dtag tag,
		     const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* sema_alloca.c: which values point into alloca()'d memory: n (typed)
 * from its operands; a store of n's right side into variable y (D_ALLOCA_INCOMPAT
 * for a mix, -1); a bcopy/copyinto destination that must be one */
void sema_alloca_taint(struct node *n);
int sema_alloca_store(struct sema *s, struct node *n, struct dsym *y);
void sema_alloca_dest(struct sema *s, const char *func, int argn,
		      const struct node *dst);
/* sema_agg.c */
int sema_agg(struct sema *s, struct node *n);
int sema_agg_ref(struct sema *s, struct node *n);	/* @a in an expression */
/* printa, trunc, clear, normalize, denormalize, setopt */
int sema_agg_action(struct sema *s, struct node *call, enum dfunc f);

/* sema_strnull.c: n, where a string is expected, turned into "" if it
 * is NULL (the constant 0); its type afterwards */
const struct dtype *sema_string_null(struct sema *s, struct node *n);
/* n is an integer constant 0 (NULL), through casts */
bool sema_is_null_const(const struct node *n);

/* sema_var.c: self->, this->, associative arrays and their declarations */
int sema_var_ref(struct sema *s, struct node *n);	/* NK_SELF NK_THIS */
int sema_var_index(struct sema *s, struct node *n);	/* NK_INDEX */
int sema_var_assign(struct sema *s, struct node *n);	/* lhs sema_is_dvar */
int sema_var_incdec(struct sema *s, struct node *n);	/* lhs sema_is_dvar */
int sema_var_decl(struct sema *s, struct node *n);	/* self/this/assoc decl */
/* self->p[i], this->p[i] of a pointer the variable holds */
bool sema_var_is_ptr_index(struct sema *s, const struct node *n);
/* sema_strindex.c: s[i] on a string reads a char (n: the NK_INDEX) */
const struct dtype *sema_string_as_chars(struct sema *s, struct node *n);
bool sema_is_string_index(struct sema *s, const struct node *n);
bool sema_is_var_decl(const struct node *n);
/* sema_expr.c: the semantic type a type name denotes, or NULL (reported) */
const struct dtype *sema_type(struct sema *s, const struct tnode *tn);
/* the type a D typedef name (the script's, the libraries', D's own)
 * denotes, or NULL: nothing is reported */
const struct dtype *sema_typedef_lookup(struct sema *s, const char *name);
/* a name declared so far (none deferred is checked for it) */
const struct dname *sema_name_declared(const struct sema *s,
				       enum dname_kind k, const char *name);
/* D`name and C`name: DTrace's own containers, never the kernel's */
bool sema_own_scope(const char *mod);
/* sema_defer.c: true if a library declaration of (k, name) was left
 * for its first use (sema_defer_decl) and is now checked */
bool sema_defer_resolve(struct sema *s, enum dname_kind k, const char *name);
/* does tn name a type that only a declaration left for its first use
 * declares? */
bool sema_defer_pending(const struct sema *s, const struct tnode *tn);

/* sema_inline.c: inline definitions and their uses */
int sema_inline_define(struct sema *s, struct node *n);	/* NK_INLINE */
int sema_inline_use(struct sema *s, struct node *n, struct dsym *y);
/* sema_inline_param.c: inlines with parameters, NAME[x] (fds[]) */
int sema_inline_param_define(struct sema *s, struct node *n);
bool sema_is_inline_index(struct sema *s, const struct node *n);
int sema_inline_index(struct sema *s, struct node *n);
/* NK_BIND and NK_BOUND: an inline's argument bound once */
int sema_inline_bind(struct sema *s, struct node *n);
/* n (a member of an NK_BIND) moved into the binding's body when that is
 * a translation; false: not so (sema_member goes on) */
bool sema_inline_member(struct sema *s, struct node *n, int *rc);
/* xlate.c: a deep copy of n, each identifier param (or NULL) replaced
 * by a copy of with */
struct node *sema_copy_expr(struct sema *s, const struct node *n,
			    const char *param, const struct node *with);
/* sema_agg.c: keys, one use's of array or thread-local y, in
 * y->probe_keys and y->prov_keys */
void sema_probe_keys(struct dsym *y, const struct node *keys);
/* sema_var.c: the keys of n (an NK_INDEX, keys checked) against y's */
int sema_check_keys(struct sema *s, struct node *n, struct dsym *y);
/* xlate.c: translator definitions, xlate expressions, provider
 * definitions */
int sema_xlator_define(struct sema *s, struct node *n);	/* NK_TRANSLATOR */
int sema_xlate(struct sema *s, struct node *n);		/* NK_XLATE */
/* n (. or ->, lhs checked) applied to an xlate: n becomes the
 * translator's member expression; true when it handled n (*rc) */
bool sema_xlate_member(struct sema *s, struct node *n, int *rc);
/* a cast of a pointer to translated data (D_CAST_INVAL): true if so */
bool sema_xlate_cast_bad(struct sema *s, struct node *n,
			 const struct dtype *to);
/* is n (checked) an xlate, one an inline stands for included?  Its
 * type is DTrace's dynamic one: only its members are values */
bool sema_is_xlate(const struct node *n);
/* an expression statement e (checked) whose value is a pointer to
 * translated data, which exists only as its members (D_CG_DYN): -1 */
int sema_xlate_stmt(struct sema *s, const struct node *e);
int sema_provider_define(struct sema *s, struct node *n);	/* NK_PROVIDER */
/* an enumerator of the kernel's BTF as a constant (NK_INT) */
bool sema_kernel_enum_ident(struct sema *s, struct node *n);

/* sema_builtin.c: args[], uregs[], inline uses, cwd/root, $projid ...;
 * the _ident and _macro hooks return true when they handled n (*rc) */
bool sema_builtin_name(const char *name);
bool sema_builtin_ident(struct sema *s, struct node *n, int *rc);
bool sema_builtin_macro(struct sema *s, struct node *n, int *rc);
bool sema_is_builtin_index(struct sema *s, const struct node *n);
int sema_builtin_index(struct sema *s, struct node *n);
/* sema_argexpr.c: n (args[i]) becomes the D expression the clause's
 * probes describe args[i] as (struct probe_arg expr), checked */
int sema_args_expr(struct sema *s, struct node *n, int i);

/* sema_idkind.c: D_FUNC_IDKIND for a call of a variable's name;
 * returns -1 when raised, else 0 */
int sema_func_idkind(struct sema *s, const struct node *call);
/* compound assignment operands (D_OP_VFPTR, D_OP_INT, D_OP_ARITH) and
 * ++/-- of a void or function pointer (D_OP_VFPTR); -1 when raised */
int sema_compound_check(struct sema *s, const struct node *n,
			const struct dtype *lt, const struct dtype *rt);
int sema_incdec_vfptr(struct sema *s, const struct node *n,
		      const struct dtype *t);

/* sema_spec.c: speculation and destructive actions; the _call hook
 * returns true when it handled n (*rc) */
bool sema_spec_call(struct sema *s, struct node *n, int *rc);
int sema_spec_action(struct sema *s, struct node *call, enum dfunc f);
/* DTrace's rules on what may follow speculate() and commit() */
int sema_spec_clause(struct sema *s, struct node *clause);
/* sema_clause.c: check the body before the predicate, which reads a
 * global only the body creates */
bool sema_pred_after_body(struct sema *s, const struct node *clause);

/* sema_type.c: type names, declarations of types and typed globals */
int sema_decl(struct sema *s, struct node *n);	/* top-level NK_DECL */
bool sema_enum_ident(struct sema *s, struct node *n);	/* -> NK_INT */
const struct dtype *sema_curthread_type(struct sema *s, struct node *n);
/* curcpu's type, cpuinfo_t * (lib/dtrace/sched.d) */
const struct dtype *sema_curcpu_type(struct sema *s, struct node *n);
/* sema_mem.c: members, * &, subscripts, pointer arithmetic, sizeof ... */
int sema_member(struct sema *s, struct node *n);	/* NK_MEMBER NK_PTRMEMBER */
int sema_ptr_unary(struct sema *s, struct node *n);	/* unary * & */
bool sema_is_array_index(struct sema *s, struct node *n);
int sema_array_index(struct sema *s, struct node *n);
int sema_ptr_arith(struct sema *s, struct node *n);	/* + - on pointers */
/* sema_arr.c: arrays as whole values */
int sema_arr_assign_bad(struct sema *s, struct node *n, const struct dtype *t);
bool sema_arr_cast_ok(const struct dtype *from, const struct dtype *to);
bool sema_arr_vfptr(const struct dtype *t);
const struct dtype *sema_arr_char_value(struct sema *s, struct node *rhs);
const struct dtype *sema_arr_ldouble(struct sema *s);
int sema_sizeof(struct sema *s, struct node *n);
int sema_offsetof(struct sema *s, struct node *n);
int sema_stringof(struct sema *s, struct node *n);
int sema_symbol(struct sema *s, struct node *n);	/* `sym, mod`sym */
/* (T)`sym of a symbol without type information: the symbol read as T */
bool sema_untyped_cast(struct sema *s, struct node *n, const struct dtype *to);
/* sema_extern.c: a function type (TN_FUNC); an extern declaration of n
 * with type t; a bare identifier naming an extern (true, *rc set) */
const struct dtype *sema_func_type(struct sema *s, const struct tnode *tn);
int sema_extern_decl(struct sema *s, struct node *n, const struct dtype *t);
bool sema_extern_ident(struct sema *s, struct node *n, int *rc);
/* sema_enumcmp.c: D_IDENT_AMBIG for comparison n (lhs typed) */
int sema_enum_ambig(struct sema *s, struct node *n);
/* sema_store.c: stores to members and elements of typed globals */
bool sema_is_store_lvalue(struct sema *s, struct node *n);
bool sema_store_is_element(const struct node *n);	/* *(a + i) */
/* a store into a built-in's kernel memory: D_OP_WRITE (sema_kwrite.c) */
int sema_store_kwrite(struct sema *s, struct node *n);
int sema_store_assign(struct sema *s, struct node *n);
int sema_store_incdec(struct sema *s, struct node *n);
int sema_incdec_type(struct sema *s, struct node *n);
/* x = y of a struct or union global x (sema_store.c) */
int sema_store_sou(struct sema *s, struct node *n);
/* compared with a string, a char array or pointer is read as one */
void sema_strcompat(struct sema *s, struct node *a, struct node *b);
/* sema_vers.c: is name one of DTrace's global identifiers (subroutines,
 * actions, aggregating functions, built-in variables) in the program's
 * D version? */
bool sema_global_ident(const struct sema *s, const char *name);
/* n, a string assigned to a char pointer of type to: as that pointer */
const struct dtype *sema_string_as_charp(struct sema *s, struct node *n,
					 const struct dtype *to);
/* n (a pointer or char array) read as the string it points to */
void sema_as_string(struct sema *s, struct node *n);
/* an argument of trace()/printf(): char arrays become strings */
int sema_record_arg(struct sema *s, struct node *a, const char *func);
/* sema_output.c: tracemem() */
int sema_output_action(struct sema *s, struct node *call, enum dfunc f);
/* print(ptr): checked as Oracle DTrace's (sema_print.c) */
int sema_print(struct sema *s, struct node *call);
/* integer constant expressions beyond const_eval's (sema_constx.c) */
typedef bool (*sema_const_fn)(struct sema *s, struct node *n, int64_t *v);
bool sema_const_binop(const struct node *n, int64_t a, int64_t b,
		      int64_t *v);
bool sema_const_more(struct sema *s, struct node *n, int64_t *v,
		     sema_const_fn ev);
/* n's value if it is an integer constant expression DTrace's parser
 * folds (literals under operators and casts), without checking n */
bool sema_folded_const(struct sema *s, struct node *n, int64_t *v);

#endif

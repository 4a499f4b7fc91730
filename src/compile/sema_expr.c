/*
 * Semantic analysis of expressions: identifiers and built-ins, macro
 * arguments, type names and casts, operators with C's conversions, and
 * assignments (which declare global variables).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lex.h"
#include "sema_impl.h"

static const char *const bv_names[] = {
#define BUILTIN(name, id, type) #name,
#include "builtins.def"
#undef BUILTIN
};

static const struct dtype *bv_type(struct sema *s, int bv)
{
	static const size_t offs[] = {
#define BUILTIN(name, id, type) offsetof(struct dtypes, type),
#include "builtins.def"
#undef BUILTIN
	};
	return (const struct dtype *)((const char *)s->types + offs[bv]);
}

static int builtin_lookup(const char *name)
{
	for (int i = 0; i < BV_COUNT; i++)
		if (strcmp(bv_names[i], name) == 0)
			return i;
	return -1;
}

/* Integer constants take the first type of their list that holds them,
 * as DTrace's dt_node_int(): decimal int, long; octal and hex int,
 * unsigned int, long, unsigned long; a u suffix starts at unsigned int
 * and an l suffix at long.  A character constant (up to 8 chars) is typed
 * as a decimal one: int, else long, as DTrace does. */
static const struct dtype *int_const_type(struct sema *s, struct node *n)
{
	struct dtypes *t = s->types;
	const struct dtype *ty[4] = { &t->t_int, &t->t_uint, &t->t_long,
				      &t->t_ulong };
	const uint64_t lim[4] = { INT32_MAX, UINT32_MAX, INT64_MAX,
				  UINT64_MAX };
	uint64_t v = n->ival;
	bool u = n->int_suffix & INT_SUF_U;
	bool l = n->int_suffix & (INT_SUF_L | INT_SUF_LL);
	int i = (u ? 1 : 0) + (l ? 2 : 0);
	int step = (n->int_suffix & INT_SUF_RADIX) && !u ? 1 : 2;

	if (n->is_char)		/* as a decimal: int, else long */
		step = 2;
	for (; i < 4; i += step)
		if (v <= lim[i])
			return ty[i];
	return &t->t_ulong;	/* a decimal beyond long: unsigned long */
}

static int sema_ident(struct sema *s, struct node *n)
{
	int bv = builtin_lookup(n->name), rc;

	n->builtin = -1;
	if (sema_builtin_ident(s, n, &rc))	/* inlines, args, cwd ... */
		return rc;
	if (bv >= 0) {
		n->builtin = bv;
		n->type = bv_type(s, bv);
		if (bv == BV_CURTHREAD)		/* struct task_struct *, from BTF */
			n->type = sema_curthread_type(s, n);
		if (bv == BV_CURCPU)		/* cpuinfo_t *, from sched.d */
			n->type = sema_curcpu_type(s, n);
		return n->type ? 0 : -1;
	}
	struct dsym *y = sema_lookup(s, SYM_GLOBAL, n->name);

	if (!y && sema_enum_ident(s, n))	/* an enumerator: a constant */
		return 0;
	if (!y && sema_kernel_enum_ident(s, n))	/* the kernel's (xlate.c) */
		return 0;
	if (!y && sema_extern_ident(s, n, &rc))	/* sema_extern.c */
		return rc;
	if (!y && sema_lookup(s, SYM_ASSOC, n->name)) {
		diag_error(s->diag, n->loc, D_IDENT_BADREF,
			   "associative array '%s' may not be referenced as scalar",
			   n->name);
		return -1;
	}
	if (!y) {
		diag_error(s->diag, n->loc, D_IDENT_UNDEF,
			   "failed to resolve %s: Unknown variable name",
			   n->name);
		return -1;
	}
	n->sym = y;
	n->type = y->type;
	return 0;
}

/* $pid, $uid ...: the values of the dtrace process itself */
static bool process_macro(const char *name, long *v)
{
	if (strcmp(name, "pid") == 0)
		*v = getpid();
	else if (strcmp(name, "ppid") == 0)
		*v = getppid();
	else if (strcmp(name, "uid") == 0)
		*v = getuid();
	else if (strcmp(name, "euid") == 0)
		*v = geteuid();
	else if (strcmp(name, "gid") == 0)
		*v = getgid();
	else if (strcmp(name, "egid") == 0)
		*v = getegid();
	else if (strcmp(name, "pgid") == 0)
		*v = getpgid(0);
	else if (strcmp(name, "sid") == 0)
		*v = getsid(0);
	else
		return false;
	return true;
}

/*
 * $1, $$1, $pid ...: replace the node by the constant it stands for.
 * DTrace's lexer does this, so its errors name no region ("in action
 * list") as the checks after parsing do (sema_macro's caller restores it).
 */
static int sema_macro_expand(struct sema *s, struct node *n);

static int sema_macro(struct sema *s, struct node *n)
{
	const char *region = s->diag->region;
	int rc;

	s->diag->region = NULL;
	rc = sema_macro_expand(s, n);
	s->diag->region = region;
	return rc;
}

static int sema_macro_expand(struct sema *s, struct node *n)
{
	char *end;
	long idx = strtol(n->name, &end, 10), pv;
	bool target = !n->quoted && strcmp(n->name, "target") == 0;
	int rc;

	if (sema_builtin_macro(s, n, &rc))	/* $projid, defaultargs */
		return rc;
	if (target)
		pv = s->target;	/* the -c/-p process, 0 without one */
	if (target || (!n->quoted && process_macro(n->name, &pv))) {
		n->kind = NK_INT;
		n->ival = (uint64_t)pv;
		n->int_suffix = 0;
		n->type = &s->types->t_int;
		return 0;
	}
	if (*end != '\0' || end == n->name) {
		/* no such macro: DTrace's lexer tag and words */
		diag_error(s->diag, n->loc, D_MACRO_UNDEF,
			   "macro variable %s%s is not defined",
			   n->quoted ? "$$" : "$", n->name);
		return -1;
	}
	if (idx == s->argc - 1)
		s->lastarg_ref = true;	/* D_MACRO_UNUSED: progcheck.c */
	if (idx >= s->argc) {
		diag_error(s->diag, n->loc, D_MACRO_UNDEF,
			   "macro argument $%s is not defined", n->name);
		return -1;
	}
	const char *v = s->argv[idx];

	if (!n->quoted) {
		unsigned long long x;

		errno = 0;
		x = strtoull(v, &end, 0);
		if (*v && *end == '\0' && errno == ERANGE) {
			diag_error(s->diag, n->loc, D_MACRO_OFLOW,
				   "macro argument $%s constant %s results in integer overflow",
				   n->name, v + (*v == '-' || *v == '+'));
			return -1;
		}
		if (*v && *end == '\0') {
			n->kind = NK_INT;
			n->ival = x;
			n->int_suffix = 0;
			n->type = int_const_type(s, n);
			return 0;
		}
		if (idx != 0) {
			diag_error(s->diag, n->loc, D_MACRO_UNDEF,
				   "macro argument $%s is not an integer; use $$%s for a string",
				   n->name, n->name);
			return -1;
		}
	}
	n->kind = NK_STRING;
	n->sval = v;
	n->slen = strlen(v);
	n->type = &s->types->t_string;
	return 0;
}

static int sema_cast(struct sema *s, struct node *n)
{
	int rc;

	if (sema_float_cast(s, n, &rc))
		return rc;
	const struct dtype *to = sema_type(s, n->tn);

	if (!to || sema_action_operand(s, n, n->lhs, type_name(s->a, to)) ||
	    sema_expr(s, n->lhs) < 0)
		return -1;
	const struct dtype *from = n->lhs->type;

	if (sema_xlate_cast_bad(s, n, to))
		return -1;
	if (sema_untyped_cast(s, n, to))	/* sema_mem.c */
		return 0;
	if (to->kind == DT_VOID) {
		n->type = to;
		return 0;
	}
	if (type_is_string(to) && (type_is_scalar(from) ||
				   type_is_string(from) ||
				   type_is_char_seq(from))) {
		/* D adds casts to string: (string)p is stringof(p) */
		n->kind = NK_STRINGOF;
		n->op = TK_KW_STRINGOF;
		n->type = to;
		return 0;
	}
	if (sema_arr_cast_ok(from, to)) {
		n->type = to;	/* an array is its address: sema_arr.c */
		return 0;
	}
	if (type_is_sou(to) && type_same(to, from)) {
		/* (struct s)v of a struct s: no conversion, v itself */
		struct srcloc loc = n->loc;
		struct node *next = n->next;

		*n = *n->lhs;
		n->loc = loc;
		n->next = next;
		return 0;
	}
	if (!type_is_scalar(to) || !type_is_scalar(from)) {
		/* a string becomes nothing but a string (or void) in DTrace */
		diag_error(s->diag, n->loc, D_CAST_INVAL,
			   "invalid cast expression: \"%s\" to \"%s\"",
			   type_name(s->a, from), type_name(s->a, to));
		return -1;
	}
	n->type = to;
	return 0;
}

static const char *op_name(int op)
{
	return tok_kind_str(op);
}

static int need_arith(struct sema *s, struct node *n, struct node *operand)
{
	if (type_is_arith(operand->type))
		return 0;
	diag_error(s->diag, n->loc, D_OP_ARITH,
		   "operator %s requires %s of arithmetic type", op_name(n->op),
		   n->kind == NK_BINARY ? "operands" : "an operand");
	return -1;
}

/* DTrace's words differ: "an operand" for !, "operands" for && || ^^ */
static int need_scalar(struct sema *s, struct node *n, struct node *operand)
{
	if (type_is_scalar(operand->type))
		return 0;
	diag_error(s->diag, n->loc, D_OP_SCALAR,
		   "operator %s requires %s of scalar type", op_name(n->op),
		   n->kind == NK_BINARY ? "operands" : "an operand");
	return -1;
}

static bool is_compare(int op)
{
	return op == TK_LT || op == TK_GT || op == TK_LE || op == TK_GE ||
	       op == TK_EQ || op == TK_NE;
}

/* The operators C defines on integers only (DTrace's D_OP_INT). */
static bool is_int_op(int op)
{
	return op == TK_AMP || op == TK_BOR || op == TK_XOR || op == TK_SHL ||
	       op == TK_SHR || op == TK_PERCENT;
}

/* A literal zero divisor, which DTrace rejects at parse time. */
static bool is_zero_const(struct sema *s, struct node *n)
{
	int64_t v;

	return sema_folded_const(s, n, &v) && v == 0;
}

static int sema_binary(struct sema *s, struct node *n)
{
	struct dtypes *t = s->types;

	if (n->op == TK_COMMA &&
	    sema_dyn_operands(s, n, n->lhs, n->rhs, ",") < 0)
		return -1;
	if (sema_expr(s, n->lhs) < 0 ||
	    (is_compare(n->op) && sema_enum_ambig(s, n) < 0) ||
	    sema_expr(s, n->rhs) < 0)
		return -1;
	const struct dtype *l = n->lhs->type, *r = n->rhs->type;

	if (n->op == TK_COMMA) {
		if (sema_dyn_xlate_operands(s, n, n->lhs, n->rhs, ",") < 0)
			return -1;
		n->type = r;
		return 0;
	}
	if (n->op == TK_LAND || n->op == TK_LOR || n->op == TK_LXOR) {
		if (need_scalar(s, n, n->lhs) < 0 || need_scalar(s, n, n->rhs) < 0)
			return -1;
		n->type = &t->t_int;
		return 0;
	}
	if (is_compare(n->op)) {
		sema_strcompat(s, n->lhs, n->rhs);	/* char arrays as strings */
		l = n->lhs->type;
		r = n->rhs->type;
		/* a string with NULL: sema_strnull.c */
		if (type_is_string(l) != type_is_string(r)) {
			sema_string_null(s, type_is_string(l) ? n->rhs : n->lhs);
			l = n->lhs->type;
			r = n->rhs->type;
		}
		if (type_is_string(l) != type_is_string(r) ||
		    (!type_is_string(l) && (!type_is_scalar(l) ||
					    !type_is_scalar(r)))) {
			diag_error(s->diag, n->loc, D_OP_INCOMPAT,
				   "operands have incompatible types: \"%s\" %s \"%s\"",
				   type_name(s->a, l), op_name(n->op),
				   type_name(s->a, r));
			return -1;
		}
		n->type = &t->t_int;
		return 0;
	}
	if ((n->op == TK_PLUS || n->op == TK_MINUS) &&
	    !(type_is_arith(l) && type_is_arith(r))) {
		/* pointers (and strings, as D treats them) with integers are
		 * pointer arithmetic; anything else has no meaning */
		bool lp = l->kind == DT_PTR || type_is_string(l);
		bool rp = r->kind == DT_PTR || type_is_string(r);

		if ((lp && type_is_int(r)) || (rp && type_is_int(l) && n->op == TK_PLUS) ||
		    l->kind == DT_ARRAY || r->kind == DT_ARRAY || (lp && rp))
			return sema_ptr_arith(s, n);	/* sema_mem.c */
		diag_error(s->diag, n->loc, D_OP_INCOMPAT,
			   "operands have incompatible types: \"%s\" %s \"%s\"",
			   type_name(s->a, l), op_name(n->op), type_name(s->a, r));
		return -1;
	}
	if (is_int_op(n->op) && (!type_is_int(l) || !type_is_int(r))) {
		diag_error(s->diag, n->loc, D_OP_INT,
			   "operator %s requires operands of integral type",
			   op_name(n->op));
		return -1;
	}
	if (need_arith(s, n, n->lhs) < 0 || need_arith(s, n, n->rhs) < 0)
		return -1;
	if ((n->op == TK_SLASH || n->op == TK_PERCENT) &&
	    is_zero_const(s, n->rhs)) {
		diag_error(s->diag, n->loc, D_DIV_ZERO,
			   "expression contains division by zero");
		return -1;
	}
	if (n->op == TK_SHL || n->op == TK_SHR)
		n->type = type_arith_operand(t, l);	/* the left's type */
	else
		n->type = type_arith_conv(t, l, r);
	return 0;
}

static int sema_unary(struct sema *s, struct node *n)
{
	if (n->op == TK_STAR || n->op == TK_AMP)
		return sema_ptr_unary(s, n);	/* sema_mem.c */
	if ((n->op == TK_MINUS || n->op == TK_PLUS) &&
	    sema_action_operand(s, n, n->lhs, NULL))	/* sema_actexpr.c */
		return -1;
	if (sema_expr(s, n->lhs) < 0)
		return -1;
	if (n->op == TK_NOT) {
		if (need_scalar(s, n, n->lhs) < 0)
			return -1;
		n->type = &s->types->t_int;
		return 0;
	}
	if (n->op == TK_TILDE && !type_is_int(n->lhs->type)) {
		diag_error(s->diag, n->loc, D_OP_INT,
			   "operator %s requires an integral operand",
			   op_name(n->op));
		return -1;
	}
	if (need_arith(s, n, n->lhs) < 0)
		return -1;
	n->type = type_arith_operand(s->types, n->lhs->type);
	return 0;
}

static int check_lvalue(struct sema *s, struct node *n, struct node *lhs)
{
	if (lhs->kind != NK_IDENT) {
		if (lhs->kind == NK_SELF || lhs->kind == NK_THIS ||
		    lhs->kind == NK_INDEX || lhs->kind == NK_MEMBER ||
		    lhs->kind == NK_PTRMEMBER ||
		    (lhs->kind == NK_UNARY && lhs->op == TK_STAR))
			return sema_unsupported(s, lhs, "assignment to this kind of variable");
		diag_error(s->diag, lhs->loc, D_OP_LVAL,
			   "operator %s requires modifiable lvalue as an operand",
			   op_name(n->op));
		return -1;
	}
	if (builtin_lookup(lhs->name) >= 0 ||
	    sema_lookup(s, SYM_INLINE, lhs->name)) {
		diag_error(s->diag, lhs->loc, D_OP_WRITE,
			   "operator %s can only be applied to a writable variable",
			   op_name(n->op));
		return -1;
	}
	return 0;
}

static int sema_assign(struct sema *s, struct node *n)
{
	struct node *lhs = n->lhs;

	if (sema_is_agg_assign(n)) {
		diag_error(s->diag, n->loc, D_AGG_SCALAR,
			   "aggregation assignment must be a statement by itself");
		return -1;
	}
	if ((n->op == TK_DIV_ASSIGN || n->op == TK_MOD_ASSIGN) &&
	    is_zero_const(s, n->rhs)) {
		diag_error(s->diag, n->loc, D_DIV_ZERO,
			   "expression contains division by zero");
		return -1;
	}
	if (sema_is_store_lvalue(s, lhs))
		return sema_store_assign(s, n);	/* sema_store.c */
	if (sema_is_dvar(lhs))
		return sema_var_assign(s, n);
	if (check_lvalue(s, n, lhs) < 0)
		return -1;
	/* x op= y cooks x first (dt_parser.c): an undefined x is the error */
	if (n->op != TK_ASSIGN && lhs->kind == NK_IDENT &&
	    !sema_lookup(s, SYM_GLOBAL, lhs->name)) {
		diag_error(s->diag, lhs->loc, D_VAR_UNDEF,
			   "%s has not yet been declared or assigned",
			   lhs->name);
		return -1;
	}
	if (sema_expr(s, n->rhs) < 0)
		return -1;
	const struct dtype *rt = n->rhs->type;

	if (rt->kind == DT_VOID) {
		diag_error(s->diag, n->rhs->loc, D_OP_VOID,
			   "operator %s requires an operand of non-void type",
			   op_name(n->op));
		return -1;
	}
	struct dsym *y = sema_lookup(s, SYM_GLOBAL, lhs->name);

	if (y && y->type->kind == DT_ARRAY)
		return sema_arr_assign_bad(s, n, y->type);	/* sema_arr.c */
	if (rt->kind == DT_ARRAY && type_is_char_seq(rt) && n->op == TK_ASSIGN &&
	    y && type_is_string(y->type)) {
		/* a char array assigned to a string variable is copied
		 * as the string it holds; any other variable would take
		 * the array's type, which DTrace refuses (D_OP_ARRFUN) */
		struct node str = { .type = &s->types->t_string };

		sema_strcompat(s, &str, n->rhs);
		rt = n->rhs->type;
	}
	if (!y && rt->kind == DT_ARRAY)	/* the global would be an array */
		return sema_arr_assign_bad(s, n, rt);	/* sema_arr.c */
	if (!y)		/* x op= y of an undefined x was refused above */
		y = sema_define_global(s, lhs, rt);
	lhs->sym = y;
	lhs->type = y->type;
	lhs->builtin = -1;
	if (type_is_sou(y->type) || type_is_sou(rt))
		return sema_store_sou(s, n);	/* sema_store.c */
	if (type_is_float(y->type) || type_is_float(rt))
		return sema_float_assign(s, n);	/* sema_float.c */
	if (sema_compound_check(s, n, y->type, rt) < 0)
		return -1;	/* sema_idkind.c */
	if (type_is_string(y->type) && n->op == TK_ASSIGN)
		rt = sema_string_null(s, n->rhs);	/* s = NULL */
	if (n->op == TK_ASSIGN)
		rt = sema_string_as_charp(s, n->rhs, y->type);	/* sema_mem.c */
	if (type_is_string(y->type) != type_is_string(rt) ||
	    (n->op != TK_ASSIGN && !type_is_arith(y->type)) ||
	    !sema_value_compat(s, y->type, n->rhs)) {
		diag_error(s->diag, n->loc, D_OP_INCOMPAT,
			   "operands have incompatible types: \"%s\" %s \"%s\"",
			   type_name(s->a, y->type), op_name(n->op),
			   type_name(s->a, rt));
		return -1;
	}
	n->type = y->type;
	return sema_alloca_store(s, n, y);
}

static int sema_incdec(struct sema *s, struct node *n)
{
	if (sema_is_store_lvalue(s, n->lhs))
		return sema_store_incdec(s, n);	/* sema_store.c */
	if (sema_is_dvar(n->lhs))
		return sema_var_incdec(s, n);
	if (n->lhs->kind == NK_IDENT && builtin_lookup(n->lhs->name) < 0 &&
	    !sema_lookup(s, SYM_GLOBAL, n->lhs->name)) {
		/* x++ of a fresh variable declares an int64_t, as DTrace does */
		struct node zero = { .kind = NK_INT, .type = &s->types->t_i64 };

		n->lhs->sym = sema_define_global(s, n->lhs, zero.type);
	}
	n->op = (n->kind == NK_PREINC || n->kind == NK_POSTINC) ? TK_INC : TK_DEC;
	if (check_lvalue(s, n, n->lhs) < 0 || sema_expr(s, n->lhs) < 0 ||
	    sema_incdec_vfptr(s, n, n->lhs->type) < 0 ||
	    sema_incdec_type(s, n) < 0)	/* sema_store.c */
		return -1;
	return 0;
}

static int sema_cond(struct sema *s, struct node *n)
{
	if (sema_dyn_operands(s, n, n->then, n->els, "?:") < 0)
		return -1;
	/* DTrace cooks both branches (an action: a void value) before it
	 * checks their types and then objects to an action */
	if (sema_expr(s, n->cond) < 0 || sema_operand(s, n->then) < 0 ||
	    sema_operand(s, n->els) < 0)
		return -1;
	if (!type_is_scalar(n->cond->type)) {
		diag_error(s->diag, n->cond->loc, D_OP_SCALAR,
			   "operator ?: expression must be of scalar type");
		return -1;
	}
	if (sema_dyn_xlate_operands(s, n, n->then, n->els, "?:") < 0)
		return -1;
	const struct dtype *a = n->then->type, *b = n->els->type;

	if (type_is_string(a) != type_is_string(b)) {	/* s : NULL */
		sema_string_null(s, type_is_string(a) ? n->els : n->then);
		a = n->then->type;
		b = n->els->type;
	}
	if (type_is_string(a) != type_is_string(b) ||
	    (a->kind == DT_VOID) != (b->kind == DT_VOID)) {
		diag_error(s->diag, n->loc, D_OP_INCOMPAT,
			   "operator ?: operands must have compatible types");
		return -1;
	}
	if (sema_is_action_call(n->then) || sema_is_action_call(n->els)) {
		diag_error(s->diag, n->loc, D_OP_ACT,
			   "action cannot be used in a conditional context");
		return -1;
	}
	n->type = type_is_string(a) ? a : type_arith_conv(s->types, a, b);
	return 0;
}

static int sema_expr_kind(struct sema *s, struct node *n);

int sema_expr(struct sema *s, struct node *n)
{
	int rc = sema_expr_kind(s, n);

	if (rc == 0)
		sema_alloca_taint(n);
	return rc;
}

static int sema_expr_kind(struct sema *s, struct node *n)
{
	switch (n->kind) {
	case NK_INT:
		n->type = int_const_type(s, n);
		return 0;
	case NK_STRING:
		n->type = &s->types->t_string;
		return 0;
	case NK_IDENT:
		return sema_ident(s, n);
	case NK_MACRO:
		return sema_macro(s, n);
	case NK_UNARY:
		return sema_unary(s, n);
	case NK_BINARY:
		return sema_binary(s, n);
	case NK_ASSIGN:
		return sema_assign(s, n);
	case NK_PREINC: case NK_PREDEC: case NK_POSTINC: case NK_POSTDEC:
		return sema_incdec(s, n);
	case NK_COND:
		return sema_cond(s, n);
	case NK_CAST:
		return sema_cast(s, n);
	case NK_CALL:
		return sema_call_expr(s, n);
	case NK_AGG:
		return sema_agg_ref(s, n);	/* sema_agg.c */
	case NK_SELF: case NK_THIS:
		return sema_var_ref(s, n);
	case NK_INDEX:
		if (sema_is_builtin_index(s, n))	/* args[], uregs[] */
			return sema_builtin_index(s, n);
		if (sema_is_inline_index(s, n))		/* fds[fd] */
			return sema_inline_index(s, n);
		if (sema_is_array_index(s, n))		/* arrays, pointers */
			return sema_array_index(s, n);
		return sema_var_index(s, n);
	case NK_MEMBER: case NK_PTRMEMBER:
		return sema_member(s, n);
	case NK_SIZEOF_TYPE: case NK_SIZEOF_EXPR:
		return sema_sizeof(s, n);
	case NK_OFFSETOF:
		return sema_offsetof(s, n);
	case NK_STRINGOF:
		return sema_stringof(s, n);
	case NK_SYMBOL:
		return sema_symbol(s, n);
	case NK_XLATE:
		return sema_xlate(s, n);	/* xlate.c */
	case NK_BIND: case NK_BOUND:
		return sema_inline_bind(s, n);	/* sema_inline_param.c */
	default:
		return sema_unsupported(s, n, node_kind_name(n->kind));
	}
}

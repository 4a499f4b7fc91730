/*
 * Semantic analysis of clauses: identifiers, types and D's rules.
 */
#include "sema.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lex.h"

void sema_init(struct sema *s, struct arena *a, struct diag *d,
	       struct dtypes *types, const char **argv, int argc)
{
	memset(s, 0, sizeof(*s));
	s->a = a;
	s->diag = d;
	s->types = types;
	s->argv = argv;
	s->argc = argc;
}

void sema_free(struct sema *s)
{
	vec_free(&s->syms);
}

struct dsym *sema_lookup(struct sema *s, enum dsym_kind kind,
			 const char *name)
{
	for (size_t i = 0; i < s->syms.len; i++) {
		struct dsym *y = s->syms.data[i];

		if (y->kind == kind && strcmp(y->name, name) == 0)
			return y;
	}
	return NULL;
}

static const struct {
	const char *name;
	enum dfunc func;
} funcs[] = {
	{ "printf", DF_PRINTF }, { "trace", DF_TRACE }, { "exit", DF_EXIT },
	{ "count", DF_COUNT }, { "sum", DF_SUM }, { "avg", DF_AVG },
	{ "min", DF_MIN }, { "max", DF_MAX },
};

/* DTrace's other actions and subroutines: known names, later issues. */
static const char *const later_funcs[] = {
	"alloca", "basename", "bcopy", "breakpoint", "chill", "cleanpath",
	"clear", "commit", "copyin", "copyinstr", "copyinto", "copyout",
	"copyoutstr", "d_path", "denormalize", "dirname", "discard",
	"freopen", "ftruncate", "func", "getmajor", "getminor", "htonl",
	"htonll", "htons", "index", "inet_ntoa", "inet_ntoa6", "inet_ntop",
	"jstack", "llquantize", "lltostr", "lquantize", "mod", "normalize",
	"ntohl", "ntohll", "ntohs", "panic", "print", "printa", "progenyof",
	"quantize", "raise", "rand", "rindex", "setopt", "speculate",
	"speculation", "stack", "stddev", "stop", "strchr", "strjoin",
	"strlen", "strrchr", "strstr", "strtok", "strtoll", "substr", "sym",
	"system", "tolower", "toupper", "tracemem", "trunc", "uaddr",
	"ufunc", "umod", "ustack", "usym", "mutex_owned", "mutex_owner",
	"mutex_type_adaptive", "mutex_type_spin", "rw_read_held",
	"rw_write_held", "rw_iswriter", "getf", "msgsize", "msgdsize",
	"link_ntop",
};

enum dfunc sema_func(const char *name)
{
	for (size_t i = 0; i < sizeof(funcs) / sizeof(funcs[0]); i++)
		if (strcmp(funcs[i].name, name) == 0)
			return funcs[i].func;
	return DF_NONE;
}

static bool is_later_func(const char *name)
{
	for (size_t i = 0; i < sizeof(later_funcs) / sizeof(later_funcs[0]);
	     i++)
		if (strcmp(later_funcs[i], name) == 0)
			return true;
	return false;
}

static bool is_agg_func(enum dfunc f)
{
	return f >= DF_COUNT;
}

bool sema_is_agg_assign(const struct node *n)
{
	if (n->kind != NK_ASSIGN)
		return false;
	const struct node *l = n->lhs;

	return l->kind == NK_AGG ||
	       (l->kind == NK_INDEX && l->lhs->kind == NK_AGG);
}

static int unsupported(struct sema *s, const struct node *n, const char *what)
{
	diag_error(s->diag, n->loc, D_UNSUPPORTED, "%s is not supported yet",
		   what);
	return -1;
}

static int sema_expr(struct sema *s, struct node *n);

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

/* Integer constants take the first of int, long, unsigned long that
 * holds them (unsigned int too for hex and octal), as in C. */
static const struct dtype *int_const_type(struct sema *s, struct node *n)
{
	struct dtypes *t = s->types;
	uint64_t v = n->ival;
	bool u = n->int_suffix & INT_SUF_U;
	bool l = n->int_suffix & (INT_SUF_L | INT_SUF_LL);

	if (n->is_char)
		return &t->t_char;
	if (!l && !u && v <= INT32_MAX)
		return &t->t_int;
	if (!l && u && v <= UINT32_MAX)
		return &t->t_uint;
	if (!u && v <= INT64_MAX)
		return &t->t_long;
	return &t->t_ulong;
}

static int sema_ident(struct sema *s, struct node *n)
{
	int bv = builtin_lookup(n->name);

	n->builtin = -1;
	if (bv >= 0) {
		n->builtin = bv;
		n->type = bv_type(s, bv);
		return 0;
	}
	struct dsym *y = sema_lookup(s, SYM_GLOBAL, n->name);

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

/* $1, $$1, $pid ...: replace the node by the constant it stands for */
static int sema_macro(struct sema *s, struct node *n)
{
	char *end;
	long idx = strtol(n->name, &end, 10), pv;

	if (!n->quoted && process_macro(n->name, &pv)) {
		n->kind = NK_INT;
		n->ival = (uint64_t)pv;
		n->int_suffix = 0;
		n->type = &s->types->t_int;
		return 0;
	}
	if (*end != '\0' || end == n->name)
		return unsupported(s, n, arena_printf(s->a, "macro variable $%s",
						      n->name));
	if (idx >= s->argc) {
		diag_error(s->diag, n->loc, D_MACRO_UNDEF,
			   "macro argument $%s is not defined", n->name);
		return -1;
	}
	const char *v = s->argv[idx];

	if (!n->quoted) {
		unsigned long long x = strtoull(v, &end, 0);

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

/* The semantic type a type name denotes (what this version knows). */
static const struct dtype *sema_type(struct sema *s, const struct tnode *tn)
{
	struct dtypes *t = s->types;

	switch (tn->kind) {
	case TN_POINTER: {
		const struct dtype *b = sema_type(s, tn->base);

		return b ? type_pointer(s->a, b) : NULL;
	}
	case TN_TYPEDEF: {
		const struct dtype *d = type_typedef(t, tn->name);

		if (!d)
			unsupported(s, &(struct node){ .loc = tn->loc },
				    arena_printf(s->a, "type %s", tn->name));
		return d;
	}
	case TN_BASE:
		break;
	default:
		unsupported(s, &(struct node){ .loc = tn->loc }, "this type");
		return NULL;
	}
	unsigned b = tn->spec;
	bool u = b & BS_UNSIGNED;

	if (b & BS_VOID)
		return &t->t_void;
	if (b & BS_STRING)
		return &t->t_string;
	if (b & BS_CHAR)
		return u ? &t->t_uchar : &t->t_char;
	if (b & BS_SHORT)
		return u ? &t->t_ushort : &t->t_short;
	if (b & (BS_LONG | BS_LONGLONG))
		return u ? &t->t_ulong : &t->t_long;
	if (b & (BS_FLOAT | BS_DOUBLE | BS_BOOL)) {
		unsupported(s, &(struct node){ .loc = tn->loc }, "this type");
		return NULL;
	}
	return u ? &t->t_uint : &t->t_int;
}

static int sema_cast(struct sema *s, struct node *n)
{
	const struct dtype *to = sema_type(s, n->tn);

	if (!to || sema_expr(s, n->lhs) < 0)
		return -1;
	const struct dtype *from = n->lhs->type;

	if (to->kind == DT_VOID) {
		n->type = to;
		return 0;
	}
	if (!type_is_scalar(to) || !type_is_scalar(from)) {
		if (type_is_string(to) || type_is_string(from))
			return unsupported(s, n, "a cast to or from string");
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
		   "operator %s requires operands of arithmetic type",
		   op_name(n->op));
	return -1;
}

static int need_scalar(struct sema *s, struct node *n, struct node *operand)
{
	if (type_is_scalar(operand->type))
		return 0;
	diag_error(s->diag, n->loc, D_OP_SCALAR,
		   "operator %s requires operand of scalar type",
		   op_name(n->op));
	return -1;
}

static bool is_compare(int op)
{
	return op == TK_LT || op == TK_GT || op == TK_LE || op == TK_GE ||
	       op == TK_EQ || op == TK_NE;
}

static int sema_binary(struct sema *s, struct node *n)
{
	struct dtypes *t = s->types;

	if (sema_expr(s, n->lhs) < 0 || sema_expr(s, n->rhs) < 0)
		return -1;
	const struct dtype *l = n->lhs->type, *r = n->rhs->type;

	if (n->op == TK_COMMA) {
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

		if ((lp && type_is_int(r)) || (rp && type_is_int(l) && n->op == TK_PLUS))
			return unsupported(s, n, "pointer arithmetic");
		diag_error(s->diag, n->loc, D_OP_INCOMPAT,
			   "operands have incompatible types: \"%s\" %s \"%s\"",
			   type_name(s->a, l), op_name(n->op), type_name(s->a, r));
		return -1;
	}
	if (need_arith(s, n, n->lhs) < 0 || need_arith(s, n, n->rhs) < 0)
		return -1;
	if (n->op == TK_SHL || n->op == TK_SHR)
		n->type = type_promote(t, l);
	else
		n->type = type_arith_conv(t, l, r);
	return 0;
}

static int sema_unary(struct sema *s, struct node *n)
{
	if (n->op == TK_STAR || n->op == TK_AMP)
		return unsupported(s, n, n->op == TK_STAR ? "pointer dereference"
							  : "the address-of operator");
	if (sema_expr(s, n->lhs) < 0)
		return -1;
	if (n->op == TK_NOT) {
		if (need_scalar(s, n, n->lhs) < 0)
			return -1;
		n->type = &s->types->t_int;
		return 0;
	}
	if (need_arith(s, n, n->lhs) < 0)
		return -1;
	n->type = type_promote(s->types, n->lhs->type);
	return 0;
}

/* A global variable is declared by its first assignment, taking the
 * type of the value assigned. */
static struct dsym *define_global(struct sema *s, struct node *lhs,
				  const struct dtype *type)
{
	struct dsym *y = arena_alloc(s->a, sizeof(*y));
	uint32_t align = type->size >= 8 ? 8 : type->size;

	y->kind = SYM_GLOBAL;
	y->name = lhs->name;
	y->loc = lhs->loc;
	if (type_is_int(type) && type->size < 4)
		type = type_promote(s->types, type);
	y->type = type;
	s->globals_size = (s->globals_size + align - 1) & ~(align - 1);
	if (type->kind == DT_STRING)
		s->globals_size = (s->globals_size + 7) & ~7u;
	y->offset = s->globals_size;
	s->globals_size += type->size;
	vec_push(&s->syms, y);
	return y;
}

static int check_lvalue(struct sema *s, struct node *n, struct node *lhs)
{
	if (lhs->kind != NK_IDENT) {
		if (lhs->kind == NK_SELF || lhs->kind == NK_THIS ||
		    lhs->kind == NK_INDEX || lhs->kind == NK_MEMBER ||
		    lhs->kind == NK_PTRMEMBER || lhs->kind == NK_UNARY)
			return unsupported(s, lhs, "assignment to this kind of variable");
		diag_error(s->diag, lhs->loc, D_OP_LVAL,
			   "operator %s requires modifiable lvalue as an operand",
			   op_name(n->op));
		return -1;
	}
	if (builtin_lookup(lhs->name) >= 0) {
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
	if (check_lvalue(s, n, lhs) < 0 || sema_expr(s, n->rhs) < 0)
		return -1;
	const struct dtype *rt = n->rhs->type;

	if (rt->kind == DT_VOID) {
		diag_error(s->diag, n->rhs->loc, D_OP_VOID,
			   "operator %s requires an operand of non-void type",
			   op_name(n->op));
		return -1;
	}
	struct dsym *y = sema_lookup(s, SYM_GLOBAL, lhs->name);

	if (!y) {
		if (n->op != TK_ASSIGN) {
			diag_error(s->diag, lhs->loc, D_IDENT_UNDEF,
				   "failed to resolve %s: Unknown variable name",
				   lhs->name);
			return -1;
		}
		y = define_global(s, lhs, rt);
	}
	lhs->sym = y;
	lhs->type = y->type;
	lhs->builtin = -1;
	if (type_is_string(y->type) != type_is_string(rt) ||
	    (n->op != TK_ASSIGN && !type_is_arith(y->type))) {
		diag_error(s->diag, n->loc, D_OP_INCOMPAT,
			   "operands have incompatible types: \"%s\" %s \"%s\"",
			   type_name(s->a, y->type), op_name(n->op),
			   type_name(s->a, rt));
		return -1;
	}
	n->type = y->type;
	return 0;
}

static int sema_incdec(struct sema *s, struct node *n)
{
	if (n->lhs->kind == NK_IDENT && builtin_lookup(n->lhs->name) < 0 &&
	    !sema_lookup(s, SYM_GLOBAL, n->lhs->name)) {
		/* x++ of a fresh variable declares an int, as DTrace does */
		struct node zero = { .kind = NK_INT, .type = &s->types->t_int };

		n->lhs->sym = define_global(s, n->lhs, zero.type);
	}
	n->op = (n->kind == NK_PREINC || n->kind == NK_POSTINC) ? TK_INC : TK_DEC;
	if (check_lvalue(s, n, n->lhs) < 0 || sema_expr(s, n->lhs) < 0 ||
	    need_arith(s, n, n->lhs) < 0)
		return -1;
	n->type = n->lhs->type;
	return 0;
}

static int sema_cond(struct sema *s, struct node *n)
{
	if (sema_expr(s, n->cond) < 0 || sema_expr(s, n->then) < 0 ||
	    sema_expr(s, n->els) < 0)
		return -1;
	if (!type_is_scalar(n->cond->type)) {
		diag_error(s->diag, n->cond->loc, D_OP_SCALAR,
			   "operator ?: requires a scalar first operand");
		return -1;
	}
	const struct dtype *a = n->then->type, *b = n->els->type;

	if (type_is_string(a) != type_is_string(b)) {
		diag_error(s->diag, n->loc, D_OP_INCOMPAT,
			   "operator ?: operands must have compatible types");
		return -1;
	}
	n->type = type_is_string(a) ? a : type_arith_conv(s->types, a, b);
	return 0;
}

static int sema_call_expr(struct sema *s, struct node *n)
{
	enum dfunc f = sema_func(n->name);

	if (f != DF_NONE) {
		diag_error(s->diag, n->loc, is_agg_func(f) ? D_AGG_FUNC : D_OP_ACT,
			   is_agg_func(f) ?
			   "%s( ) may only be used as the value of an aggregation" :
			   "%s( ) may not be used in an expression; it is an action",
			   n->name);
		return -1;
	}
	if (is_later_func(n->name))
		return unsupported(s, n, arena_printf(s->a, "%s( )", n->name));
	diag_error(s->diag, n->loc, D_FUNC_UNDEF,
		   "failed to resolve %s: Unknown function name", n->name);
	return -1;
}

static int sema_expr(struct sema *s, struct node *n)
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
		diag_error(s->diag, n->loc, D_AGG_SCALAR,
			   "aggregations may not be used in expressions");
		return -1;
	default:
		return unsupported(s, n, node_kind_name(n->kind));
	}
}

static int nargs_of(const struct node *n)
{
	int k = 0;

	for (const struct node *a = n->args; a; a = a->next)
		k++;
	return k;
}

static int sema_args(struct sema *s, struct node *call)
{
	for (struct node *a = call->args; a; a = a->next) {
		if (sema_expr(s, a) < 0)
			return -1;
		if (a->type->kind == DT_VOID) {
			diag_error(s->diag, a->loc, D_PROTO_ARG,
				   "%s( ) argument has void type", call->name);
			return -1;
		}
	}
	return 0;
}

static int proto_len(struct sema *s, struct node *call, int min, int max)
{
	int n = nargs_of(call);

	if (n >= min && n <= max)
		return 0;
	diag_error(s->diag, call->loc, D_PROTO_LEN,
		   "%s( ) prototype mismatch: %d arg%s passed, %s%d expected",
		   call->name, n, n == 1 ? "" : "s",
		   min == max ? "" : (n < min ? "at least " : "at most "),
		   n < min ? min : max);
	return -1;
}

static int sema_action(struct sema *s, struct node *call, enum dfunc f)
{
	if (sema_args(s, call) < 0)
		return -1;
	switch (f) {
	case DF_PRINTF:
		if (proto_len(s, call, 1, 1000) < 0)
			return -1;
		if (call->args->kind != NK_STRING) {
			diag_error(s->diag, call->args->loc, D_PRINTF_ARG_FMT,
				   "printf( ) argument #1 is incompatible with prototype:\n\tprototype: string constant\n\t argument: %s",
				   type_name(s->a, call->args->type));
			return -1;
		}
		return 0;
	case DF_TRACE:
		return proto_len(s, call, 1, 1);
	case DF_EXIT:
		if (proto_len(s, call, 1, 1) < 0)
			return -1;
		if (!type_is_int(call->args->type)) {
			diag_error(s->diag, call->args->loc, D_PROTO_ARG,
				   "exit( ) argument #1 is incompatible with prototype:\n\tprototype: int\n\t argument: %s",
				   type_name(s->a, call->args->type));
			return -1;
		}
		return 0;
	default:
		return -1;
	}
}

static bool same_keys(const struct dsym *y, const struct node *keys)
{
	int i = 0;

	for (const struct node *k = keys; k; k = k->next, i++) {
		if (i >= y->nkeys)
			return false;
		const struct dtype *a = y->keys[i], *b = k->type;

		if (type_is_string(a) != type_is_string(b))
			return false;
	}
	return i == y->nkeys;
}

/* @name[keys] = func(args) */
static int sema_agg(struct sema *s, struct node *n)
{
	struct node *agg = n->lhs->kind == NK_AGG ? n->lhs : n->lhs->lhs;
	struct node *keys = n->lhs->kind == NK_INDEX ? n->lhs->args : NULL;
	struct node *call = n->rhs;
	enum dfunc f = call->kind == NK_CALL ? sema_func(call->name) : DF_NONE;

	if (n->op != TK_ASSIGN || call->kind != NK_CALL || !is_agg_func(f)) {
		if (call->kind == NK_CALL && is_later_func(call->name))
			return unsupported(s, call, arena_printf(s->a, "%s( )", call->name));
		diag_error(s->diag, n->loc, D_AGG_FUNC,
			   "@%s must be assigned the result of an aggregating function",
			   agg->name);
		return -1;
	}
	for (struct node *k = keys; k; k = k->next) {
		if (sema_expr(s, k) < 0)
			return -1;
		if (!type_is_scalar(k->type) && !type_is_string(k->type)) {
			diag_error(s->diag, k->loc, D_KEY_TYPE,
				   "aggregation key has a type that cannot be a key");
			return -1;
		}
	}
	if (sema_args(s, call) < 0 ||
	    proto_len(s, call, f == DF_COUNT ? 0 : 1, f == DF_COUNT ? 0 : 1) < 0)
		return -1;
	if (f != DF_COUNT && !type_is_arith(call->args->type)) {
		diag_error(s->diag, call->args->loc, D_PROTO_ARG,
			   "%s( ) argument #1 is incompatible with prototype:\n\tprototype: integer\n\t argument: %s",
			   call->name, type_name(s->a, call->args->type));
		return -1;
	}
	struct dsym *y = sema_lookup(s, SYM_AGG, agg->name);

	if (!y) {
		y = arena_alloc(s->a, sizeof(*y));
		y->kind = SYM_AGG;
		y->name = agg->name;
		y->loc = agg->loc;
		y->func = f;
		y->agg_index = -1;
		y->nkeys = 0;
		for (struct node *k = keys; k; k = k->next)
			y->nkeys++;
		y->keys = arena_alloc(s->a, sizeof(*y->keys) * (y->nkeys + 1));
		int i = 0;

		for (struct node *k = keys; k; k = k->next)
			y->keys[i++] = k->type;
		vec_push(&s->syms, y);
	} else if (y->func != f) {
		diag_error(s->diag, call->loc, D_AGG_REDEF,
			   "@%s: aggregation redefined with a different function",
			   agg->name);
		return -1;
	} else if (!same_keys(y, keys)) {
		diag_error(s->diag, n->lhs->loc, D_AGG_MDIM,
			   "@%s: aggregation redeclared with different key types",
			   agg->name);
		return -1;
	}
	agg->sym = y;
	return 0;
}

static int sema_stmt(struct sema *s, struct node *n)
{
	switch (n->kind) {
	case NK_EMPTY:
		return 0;
	case NK_BLOCK:
		for (struct node *b = n->body; b; b = b->next)
			if (sema_stmt(s, b) < 0)
				return -1;
		return 0;
	case NK_EXPR_STMT: {
		struct node *e = n->lhs;

		if (sema_is_agg_assign(e))
			return sema_agg(s, e);
		if (e->kind == NK_CALL) {
			enum dfunc f = sema_func(e->name);

			if (f != DF_NONE && !is_agg_func(f))
				return sema_action(s, e, f);
		}
		return sema_expr(s, e);
	}
	case NK_IF:
		return unsupported(s, n, "if/else");
	case NK_DECL:
		return unsupported(s, n, "a declaration in a clause");
	default:
		return unsupported(s, n, node_kind_name(n->kind));
	}
}

int sema_clause(struct sema *s, struct node *clause)
{
	s->clause = clause;
	if (clause->pred) {
		if (sema_expr(s, clause->pred) < 0)
			return -1;
		if (!type_is_scalar(clause->pred->type)) {
			diag_error(s->diag, clause->pred->loc, D_PRED_SCALAR,
				   "predicate result must be of scalar type");
			return -1;
		}
	}
	for (struct node *b = clause->body; b; b = b->next)
		if (sema_stmt(s, b) < 0)
			return -1;
	return 0;
}

int sema_toplevel(struct sema *s, struct node *n)
{
	switch (n->kind) {
	case NK_DECL:
		return unsupported(s, n, "a declaration");
	case NK_INLINE:
		return unsupported(s, n, "inline");
	case NK_TRANSLATOR:
		return unsupported(s, n, "a translator");
	case NK_PROVIDER:
		return unsupported(s, n, "a provider definition");
	default:
		return 0;
	}
}

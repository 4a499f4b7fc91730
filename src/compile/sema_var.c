/*
 * Semantic analysis of D's variables beyond globals: thread-local
 * (self->x), clause-local (this->x) and associative arrays (a[k1, k2]),
 * global or thread-local (self->a[k1, k2]; a clause-local cannot be one).
 *
 * As with globals, a variable is created by its first use in program
 * order and takes the type of the value first assigned to it; an
 * associative array also takes its key signature from that use.  A
 * variable read before anything is assigned to it is an int, so that a
 * predicate such as /self->ts/ may come before the clause that sets it;
 * a later assignment of another type is then an error, as DTrace's
 * dynamic types resolve the same way.  Explicit declarations (self int x;
 * this string s; int a[string, int];) fix the type up front.
 *
 * A variable takes the type of the value first assigned, narrow
 * integers included (as DTrace's dt_cook_op2); every scalar takes an
 * 8-byte slot, a string strsize bytes; structs,
 * unions and arrays (other than char arrays) are held by value.  this->
 * variables are laid out here (offsets in the program-wide this-> region
 * of struct dctx); the maps of self-> and associative-array variables
 * are created by the code generator (cg_dvar.c).
 */
#include <string.h>

#include "lex.h"
#include "sema_impl.h"

/* this-> variables share one region of the per-CPU probe context */
#define SEMA_THIS_MAX	4096

bool sema_is_dvar(const struct node *n)
{
	if (n->kind == NK_SELF || n->kind == NK_THIS)
		return true;
	return n->kind == NK_INDEX &&
	       (n->lhs->kind == NK_IDENT || n->lhs->kind == NK_SELF ||
		n->lhs->kind == NK_THIS);
}

/* self->a[k]: a thread-local associative array */
static bool is_self_index(const struct node *n)
{
	return n->kind == NK_INDEX && n->lhs->kind == NK_SELF;
}

bool sema_is_var_decl(const struct node *n)
{
	if (!n->name || !n->tn)
		return false;
	return n->storage == SC_SELF || n->storage == SC_THIS ||
	       (n->storage == SC_NONE && n->tn->kind == TN_ASSOC);
}

static enum dsym_kind dvar_kind(const struct node *n)
{
	if (n->kind == NK_SELF || is_self_index(n))
		return SYM_SELF;
	return n->kind == NK_THIS ? SYM_THIS : SYM_ASSOC;
}

static const char *dvar_name(struct sema *s, enum dsym_kind k,
			     const char *name)
{
	if (k == SYM_SELF)
		return arena_printf(s->a, "self->%s", name);
	if (k == SYM_THIS)
		return arena_printf(s->a, "this->%s", name);
	return name;
}


/* May a variable hold values of type t?  (scalars, strings, and structs
 * and unions of a known size, held by value) */
static int check_storable(struct sema *s, struct srcloc loc,
			  const char *what, const struct dtype *t)
{
	if (type_is_scalar(t) || type_is_string(t) || type_is_float(t) ||
	    (type_is_sou(t) && !t->incomplete && t->size > 0) ||
	    type_is_dvar_byval(t))
		return 0;
	if (t->kind == DT_VOID) {
		diag_error(s->diag, loc, D_DECL_VOIDOBJ,
			   "cannot have void object: %s", what);
		return -1;
	}
	diag_error(s->diag, loc, D_UNSUPPORTED,
		   "%s: a variable of type %s is not supported yet", what,
		   type_name(s->a, t));
	return -1;
}

static struct dsym *dvar_new(struct sema *s, enum dsym_kind k,
			     const char *name, struct srcloc loc,
			     const struct dtype *t)
{
	struct dsym *y = arena_alloc(s->a, sizeof(*y));

	y->kind = k;
	y->name = name;
	y->loc = loc;
	y->type = t;
	y->agg_index = -1;
	if (k == SYM_THIS) {
		uint32_t size = type_is_string(y->type) ||
				type_is_dvar_byval(y->type) ? y->type->size : 8;

		y->offset = s->this_size;
		s->this_size += (size + 7) & ~7u;
		if (s->this_size > SEMA_THIS_MAX)
			diag_error(s->diag, loc, D_UNSUPPORTED,
				   "this-> variables of more than %d bytes are not supported yet",
				   SEMA_THIS_MAX);
	}
	vec_push(&s->syms, y);
	return y;
}

/* Check the keys of n (an NK_INDEX) against y's signature, in DTrace's
 * words for keys (dt_idcook_sign). */
static int check_keys(struct sema *s, struct node *n, struct dsym *y)
{
	int i = 0;

	for (struct node *k = n->args; k; k = k->next)
		i++;
	if (i != y->nkeys) {
		diag_error(s->diag, n->loc, D_PROTO_LEN,
			   "%s[ ] prototype mismatch: %d key%s passed, %d expected",
			   y->name, i, i == 1 ? "" : "s", y->nkeys);
		return -1;
	}
	i = 0;
	for (struct node *k = n->args; k; k = k->next, i++) {
		const struct dtype *p = y->keys[i], *a = k->type;

		if (type_is_string(p) == type_is_string(a) &&
		    (type_is_string(p) || (type_is_int(p) && type_is_int(a)) ||
		     (p->kind == DT_PTR && type_is_scalar(a)) ||
		     (a->kind == DT_PTR && type_is_scalar(p)) ||
		     (type_is_sou(p) && type_same(p, a))))
			continue;
		diag_error(s->diag, k->loc, D_PROTO_ARG,
			   "%s[ ] key #%d is incompatible with prototype:\n"
			   "\tprototype: %s\n\t      key: %s", y->name, i + 1,
			   type_name(s->a, p), type_name(s->a, a));
		return -1;
	}
	sema_probe_keys(y, n->args);
	return 0;
}

int sema_check_keys(struct sema *s, struct node *n, struct dsym *y)
{
	return check_keys(s, n, y);
}

static int sema_keys(struct sema *s, struct node *n)
{
	int i = 0;

	if (!n->args) {
		diag_error(s->diag, n->loc, D_SYNTAX,
			   "associative array %s requires at least one key",
			   n->lhs->name);
		return -1;
	}
	for (struct node *k = n->args; k; k = k->next, i++) {
		if (sema_operand(s, k) < 0)
			return -1;
		if (k->type->kind == DT_VOID) {	/* void, an aggregation */
			diag_error(s->diag, k->loc, D_KEY_TYPE,
				   "%s expression may not be used as associative array index: key #%d",
				   type_name(s->a, k->type), i + 1);
			return -1;
		}
		/* a struct or union key is its bytes, as in DTrace */
		if (!type_is_scalar(k->type) && !type_is_string(k->type) &&
		    !type_is_sou(k->type)) {
			diag_error(s->diag, k->loc, D_KEY_TYPE,
				   "%s[ ] key #%d is of a type that cannot be a key: %s",
				   n->lhs->name, i + 1, type_name(s->a, k->type));
			return -1;
		}
	}
	return 0;
}

/*
 * Is n, an NK_INDEX of self->p or this->p, a subscript of the pointer
 * the variable already holds (`self->p[i]` is `*(self->p + i)`) rather
 * than an element of a thread-local associative array?
 */
bool sema_var_is_ptr_index(struct sema *s, const struct node *n)
{
	const struct node *l = n->lhs;
	enum dsym_kind k;

	if (n->kind != NK_INDEX || (l->kind != NK_SELF && l->kind != NK_THIS))
		return false;
	k = l->kind == NK_THIS ? SYM_THIS : SYM_SELF;
	const struct dsym *y = sema_lookup(s, k, dvar_name(s, k, l->name));

	return y && y->nkeys == 0 &&
	       (y->type->kind == DT_PTR || type_is_dvar_byval(y->type));
}

/*
 * this->a[k] or self->a[k]: clause-locals cannot be associative arrays;
 * a thread-local is one unless it is a scalar already.
 */
static int check_local_index(struct sema *s, struct node *n)
{
	struct node *l = n->lhs;

	if (l->kind == NK_THIS) {
		diag_error(s->diag, n->loc, D_ARR_LOCAL,
			   "local variables may not be used as associative arrays: %s",
			   l->name);
		return -1;
	}
	return 0;
}

/* self->x used both as a scalar and as an associative array */
static int self_badref(struct sema *s, struct node *n, const struct dsym *y)
{
	if (y->nkeys > 0)
		diag_error(s->diag, n->loc, D_IDENT_BADREF,
			   "%s is an associative array: a subscript is required",
			   y->name);
	else
		diag_error(s->diag, n->loc, D_ARR_BADREF,
			   "%s is not an associative array", y->name);
	return -1;
}

/*
 * Resolve the variable n names (NK_SELF, NK_THIS or NK_INDEX of an
 * identifier), creating it with type t when it does not exist yet and
 * t is not NULL.  Sets n->sym and n->type.  0 or -1.
 */
static int dvar_resolve(struct sema *s, struct node *n, const struct dtype *t)
{
	enum dsym_kind k = dvar_kind(n);
	bool indexed = n->kind == NK_INDEX;
	const char *key = indexed ? n->lhs->name : n->name;

	if (indexed) {
		struct node *id = n->lhs;

		if (id->kind != NK_IDENT && check_local_index(s, n) < 0)
			return -1;
		if (sema_keys(s, n) < 0)
			return -1;
		if (k == SYM_ASSOC && (sema_lookup(s, SYM_GLOBAL, key) ||
				       sema_lookup(s, SYM_AGG, key))) {
			diag_error(s->diag, id->loc, D_IDENT_BADREF,
				   "%s is not an associative array", key);
			return -1;
		}
		id->builtin = -1;
	}
	const char *name = dvar_name(s, k, key);
	struct dsym *y = sema_lookup(s, k, name);

	if (y && k == SYM_SELF && indexed != (y->nkeys > 0))
		return self_badref(s, n, y);
	if (!y && !t) {
		/* DTrace cooks in program order: a read comes after a store */
		diag_error(s->diag, n->loc, D_VAR_UNDEF,
			   "%s has not yet been declared or assigned", name);
		return -1;
	}
	if (!y && t->kind == DT_ARRAY) {
		/* the new variable would be an array, which D cannot assign */
		diag_error(s->diag, n->loc, D_OP_ARRFUN,
			   "operator = may not be applied to operand of type \"%s\"",
			   type_name(s->a, t));
		return -1;
	}
	if (!y) {
		if (check_storable(s, n->loc, name, t) < 0)
			return -1;
		y = dvar_new(s, k, name, n->loc, t);
		if (indexed) {
			int nk = 0;

			for (struct node *a = n->args; a; a = a->next)
				nk++;
			y->nkeys = nk;
			y->keys = arena_alloc(s->a, sizeof(*y->keys) * nk);
			nk = 0;
			for (struct node *a = n->args; a; a = a->next)
				y->keys[nk++] = a->type;
		}
	}
	if (indexed && check_keys(s, n, y) < 0)
		return -1;
	n->sym = y;
	n->type = y->type;
	n->builtin = -1;
	return 0;
}

/* A read: the variable must exist (declared, or assigned earlier). */
int sema_var_ref(struct sema *s, struct node *n)
{
	return dvar_resolve(s, n, NULL);
}

int sema_var_index(struct sema *s, struct node *n)
{
	if (n->lhs->kind == NK_THIS || n->lhs->kind == NK_SELF)
		return dvar_resolve(s, n, NULL);
	if (n->lhs->kind != NK_IDENT) {
		if (n->lhs->kind == NK_AGG)
			return sema_expr(s, n->lhs);
		return sema_unsupported(s, n, "indexing this kind of expression");
	}
	if (strcmp(n->lhs->name, "args") == 0 ||
	    strcmp(n->lhs->name, "uregs") == 0)
		return sema_unsupported(s, n, arena_printf(s->a, "%s[]",
							   n->lhs->name));
	return dvar_resolve(s, n, &s->types->t_int);
}

static int incompatible(struct sema *s, struct node *n,
			const struct dtype *l, const struct dtype *r)
{
	diag_error(s->diag, n->loc, D_OP_INCOMPAT,
		   "operands have incompatible types: \"%s\" %s \"%s\"",
		   type_name(s->a, l), tok_kind_str(n->op), type_name(s->a, r));
	return -1;
}

/* x op= y cooks x before y (dt_parser.c): an undefined x is the error */
static int compound_undef(struct sema *s, struct node *n)
{
	struct node *l = n->lhs;
	enum dsym_kind k = dvar_kind(l);
	const char *name;

	if (n->op == TK_ASSIGN)
		return 0;
	if (l->kind == NK_INDEX)
		l = l->lhs;
	if ((l->kind != NK_IDENT && l->kind != NK_SELF &&
	     l->kind != NK_THIS) ||
	    (n->lhs->kind == NK_INDEX && l->kind == NK_THIS))
		return 0;
	name = dvar_name(s, k, l->name);
	/* other misuses are reported by dvar_resolve() */
	if (sema_lookup(s, k, name) || sema_lookup(s, SYM_GLOBAL, name) ||
	    sema_lookup(s, SYM_AGG, name))
		return 0;
	diag_error(s->diag, n->lhs->loc, D_VAR_UNDEF,
		   "%s has not yet been declared or assigned", name);
	return -1;
}

/* a[k] = 0 or self->x = 0 (a literal 0) of a struct or union: the
 * element is deleted, as DTrace for Linux does (dt_cook_op2) */
bool sema_dvar_sou_delete(const struct node *n)
{
	const struct dsym *y = n->lhs->sym;

	return n->op == TK_ASSIGN && y && y->kind != SYM_THIS &&
	       type_is_sou(y->type) && n->rhs->kind == NK_INT &&
	       n->rhs->ival == 0;
}

int sema_var_assign(struct sema *s, struct node *n)
{
	if (compound_undef(s, n) < 0 || sema_expr(s, n->rhs) < 0)
		return -1;
	const struct dtype *rt = n->rhs->type;

	if (rt->kind == DT_VOID) {
		diag_error(s->diag, n->rhs->loc, D_OP_VOID,
			   "operator %s requires an operand of non-void type",
			   tok_kind_str(n->op));
		return -1;
	}
	if (n->op != TK_ASSIGN && !type_is_arith(rt))
		return incompatible(s, n, rt, rt);
	/* x op= y reads x first: DTrace wants it declared or assigned */
	if (dvar_resolve(s, n->lhs, n->op == TK_ASSIGN ? rt : NULL) < 0)
		return -1;
	const struct dtype *lt = n->lhs->type;

	if (rt->kind == DT_ARRAY || lt->kind == DT_ARRAY) {
		/* only a string variable takes an array (a char array) */
		if (!type_is_string(lt))
			return sema_arr_assign_bad(s, n, lt);	/* sema_arr.c */
		rt = sema_arr_char_value(s, n->rhs);
	}
	if (sema_dvar_sou_delete(n)) {
		n->type = lt;
		return 0;
	}
	if (type_is_byval(lt) || type_is_byval(rt))
		return sema_store_sou(s, n);	/* the same type, by value */
	if (type_is_float(lt) || type_is_float(rt))
		return sema_float_assign(s, n);
	if (type_is_string(lt) && n->op == TK_ASSIGN)
		rt = sema_string_null(s, n->rhs);	/* sema_strnull.c */
	if (n->op == TK_ASSIGN)
		rt = sema_string_as_charp(s, n->rhs, lt);	/* sema_mem.c */
	if (type_is_string(lt) != type_is_string(rt) ||
	    (n->op != TK_ASSIGN && !type_is_arith(lt)) ||
	    (!type_is_string(lt) && !type_is_scalar(rt)) ||
	    !sema_value_compat(s, lt, n->rhs))
		return incompatible(s, n, lt, rt);
	n->type = lt;
	return sema_alloca_store(s, n, n->lhs->sym);
}

int sema_var_incdec(struct sema *s, struct node *n)
{
	n->op = (n->kind == NK_PREINC || n->kind == NK_POSTINC) ? TK_INC : TK_DEC;
	/* ++ or -- of a fresh variable creates an int64_t, as in DTrace */
	if (dvar_resolve(s, n->lhs, &s->types->t_i64) < 0)
		return -1;
	return sema_incdec_type(s, n);
}

/* Key types of an associative array's declaration. */
static int decl_keys(struct sema *s, struct node *n, struct dsym *y)
{
	int nk = 0;

	for (struct tparam *p = n->tn->params; p; p = p->next)
		nk++;
	const struct dtype **keys = arena_alloc(s->a, sizeof(*keys) * (nk + 1));

	nk = 0;
	for (struct tparam *p = n->tn->params; p; p = p->next) {
		const struct dtype *t = sema_type(s, p->tn);

		if (!t)
			return -1;
		if (!type_is_scalar(t) && !type_is_string(t) &&
		    !type_is_sou(t)) {
			diag_error(s->diag, p->loc, D_KEY_TYPE,
				   "%s[ ] key #%d is of a type that cannot be a key: %s",
				   n->name, nk + 1, type_name(s->a, t));
			return -1;
		}
		keys[nk++] = t;
	}
	if (y->keys) {
		bool same = y->nkeys == nk;

		for (int i = 0; same && i < nk; i++)
			same = type_is_string(y->keys[i]) == type_is_string(keys[i]);
		if (!same) {
			diag_error(s->diag, n->loc, D_DECL_IDRED,
				   "identifier redeclared: %s", n->name);
			return -1;
		}
		return 0;
	}
	y->keys = keys;
	y->nkeys = nk;
	return 0;
}

/* self int x;  this string s;  int a[string, int]; */
int sema_var_decl(struct sema *s, struct node *n)
{
	enum dsym_kind k = n->storage == SC_SELF ? SYM_SELF :
			   n->storage == SC_THIS ? SYM_THIS : SYM_ASSOC;
	struct tnode *tn = n->tn;
	bool assoc = tn->kind == TN_ASSOC;

	if (assoc && k == SYM_THIS) {
		diag_error(s->diag, n->loc, D_DECL_LOCASSC,
			   "associative arrays may not be declared as local variables: %s",
			   n->name);
		return -1;
	}
	if (n->init)
		return sema_unsupported(s, n, "an initialised variable declaration");
	const struct dtype *t = sema_type(s, assoc ? tn->base : tn);

	if (!t)
		return -1;
	const char *name = dvar_name(s, k, n->name);

	if (check_storable(s, n->loc, name, t) < 0)
		return -1;
	if (k == SYM_ASSOC && (sema_lookup(s, SYM_GLOBAL, n->name) ||
			       sema_lookup(s, SYM_AGG, n->name))) {
		diag_error(s->diag, n->loc, D_DECL_IDRED,
			   "identifier redeclared: %s", n->name);
		return -1;
	}
	struct dsym *y = sema_lookup(s, k, name);

	if (y && (type_is_string(y->type) != type_is_string(t) ||
		  type_is_dvar_byval(y->type) != type_is_dvar_byval(t) ||
		  (type_is_dvar_byval(t) && !type_same(t, y->type)) ||
		  (k == SYM_SELF && assoc != (y->nkeys > 0)) ||
		  (!type_is_string(t) && t->size != y->type->size))) {
		diag_error(s->diag, n->loc, D_DECL_IDRED,
			   "identifier redeclared: %s", name);
		return -1;
	}
	if (!y)		/* as declared: stores truncate to it */
		y = dvar_new(s, k, name, n->loc, t);
	y->declared = true;
	return assoc ? decl_keys(s, n, y) : 0;
}

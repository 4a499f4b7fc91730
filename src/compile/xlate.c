/*
 * Translators and the xlate operator, as the Dynamic Tracing Guide's
 * "Translators" chapter describes them:
 *
 *	translator psinfo_t < struct task_struct *T > { pr_pid = T->tgid; };
 *	xlate <psinfo_t *> (curthread)->pr_pid
 *
 * A translator is a symbol (SYM_XLATOR) holding its definition as
 * parsed.  Every use of one works on fresh copies of that text, with the
 * input identifier replaced by the xlate operand: xlate<T>(x).m and
 * xlate<T *>(x)->m become the member's expression itself (so only what a
 * script reads is computed, as DTrace compiles them member by member),
 * and an xlate used as a whole value keeps a checked copy of every
 * member's expression in its args list for cg_xlate.c to build the
 * struct from.  The operand is also kept as parsed (in rhs), because
 * checking an expression rewrites it and a copy must be checked afresh.
 *
 * A translator in a D library is checked at its first use (like the
 * library's inlines), so that the shipped psinfo.d costs nothing, and
 * loads no kernel BTF, for a program that never names curpsinfo.
 *
 * Also here: provider definitions (accepted; they only matter to -h and
 * USDT) and the kernel's enumerators as integer constants.
 */
#include <bpf/btf.h>
#include <string.h>

#include "btf.h"
#include "lex.h"
#include "parse.h"
#include "sema_impl.h"

#define XLATOR_SYM	"<translator>"	/* never an identifier */

/* ---- copies of expressions ---------------------------------------- */

/*
 * A deep copy of expression n, each identifier `param` replaced by a
 * copy of `with` (NULL: no replacement).  Type names are shared: sema
 * only reads them.
 */
static struct node *copy_expr(struct sema *s, const struct node *n,
			      const char *param, const struct node *with)
{
	if (!n)
		return NULL;
	if (param && n->kind == NK_IDENT && strcmp(n->name, param) == 0) {
		struct node *r = copy_expr(s, with, NULL, NULL);

		r->loc = n->loc;
		return r;
	}
	struct node *c = arena_memdup(s->a, n, sizeof(*n));
	struct node **tail = &c->args;

	c->next = NULL;
	c->lhs = copy_expr(s, n->lhs, param, with);
	c->rhs = copy_expr(s, n->rhs, param, with);
	c->cond = copy_expr(s, n->cond, param, with);
	c->then = copy_expr(s, n->then, param, with);
	c->els = copy_expr(s, n->els, param, with);
	c->args = NULL;
	for (const struct node *a = n->args; a; a = a->next) {
		*tail = copy_expr(s, a, param, with);
		tail = &(*tail)->next;
	}
	return c;
}

struct node *sema_copy_expr(struct sema *s, const struct node *n,
			    const char *param, const struct node *with)
{
	return copy_expr(s, n, param, with);
}

/* ---- translator definitions --------------------------------------- */

/* the same struct or union: a script's typedef shares its members */
static bool same_sou(const struct dtype *a, const struct dtype *b)
{
	if (type_same(a, b))
		return true;
	if (a->kind != b->kind || !type_is_sou(a))
		return false;
	if (a->btf || b->btf)
		return a->btf == b->btf && a->btf_id == b->btf_id;
	return a->members && a->members == b->members;
}

/* the stand-in for the input while a definition is checked: *(IN *)0 */
static struct node *input_stub(struct sema *s, const struct node *def)
{
	struct node *zero = node_new(s->a, NK_INT, def->loc);
	struct node *cast = node_new(s->a, NK_CAST, def->loc);
	struct node *deref = node_new(s->a, NK_UNARY, def->loc);
	struct tnode *ptr = tnode_new(s->a, TN_POINTER, def->tn2->loc);

	ptr->base = def->tn2;
	cast->tn = ptr;
	cast->lhs = zero;
	deref->op = TK_STAR;
	deref->lhs = cast;
	return deref;
}

/* may a value of type from be stored in member type to? */
static bool member_compat(const struct dtype *to, const struct node *e)
{
	const struct dtype *from = e->type;

	/* as for D's "=": a pointer and an integer meet only in NULL (0) */
	if (to->kind == DT_PTR && type_is_int(from)) {
		while (e->kind == NK_CAST)	/* NULL is an inline: (int)0 */
			e = e->lhs;
		return e->kind == NK_INT && e->ival == 0;
	}
	if (type_is_int(to) && from->kind == DT_PTR)
		return false;
	if (type_is_scalar(to))
		return type_is_scalar(from);
	if (to->kind == DT_ARRAY && type_is_char(to->base))
		return type_is_string(from) || type_is_char_seq(from);
	if (type_is_string(to))
		return type_is_string(from) || type_is_char_seq(from);
	if (type_is_sou(to))
		return same_sou(to, from);
	return to->kind == DT_ARRAY && type_same(to, from);
}

static int check_member(struct sema *s, const struct dsym *y, struct node *m)
{
	const struct node *def = y->init;
	const struct dmember *dm = type_member(s->types, s->a, y->type,
					       m->lhs->name);

	if (!dm) {
		diag_error(s->diag, srcloc_reported_at(m->lhs->loc, def->loc),
			   D_XLATE_MEMB,
			   "translator member %s is not a member of %s",
			   m->lhs->name, type_name(s->a, y->type));
		return -1;
	}
	/* a member defined twice is accepted, as by DTrace: the first
	 * definition is the one xlate uses */
	struct node *e = copy_expr(s, m->rhs, def->name, input_stub(s, def));

	if (sema_expr(s, e) < 0)
		return -1;
	if (dm->bits || !member_compat(dm->type, e)) {
		diag_error(s->diag, srcloc_reported_at(m->loc, def->loc),
			   D_XLATE_INCOMPAT,
			   "translator member %s definition uses incompatible types: \"%s\" = \"%s\"",
			   m->lhs->name, type_name(s->a, dm->type),
			   type_name(s->a, e->type));
		return -1;
	}
	return 0;
}

/* A translator's input type, resolved once (into keys[0]). */
static int xlator_input(struct sema *s, struct dsym *y)
{
	const struct dtype *in;

	if (y->keys)
		return 0;
	if (!(in = sema_type(s, y->init->tn2)))
		return -1;
	y->keys = arena_alloc(s->a, sizeof(*y->keys));
	y->keys[0] = in;
	y->nkeys = 1;
	return 0;
}

static const struct dtype *xlator_output(struct sema *s, struct dsym *y);

/* A library translator's members, parsed again (once); 0 or -1. */
static int xlator_parse(struct sema *s, struct node *def)
{
	const struct parse_later *l = def->later;

	def->later = NULL;
	return l ? parse_later(s->a, s->diag, l, &def->members) : 0;
}

/* Resolve a translator's input type and check its members (once). */
static int xlator_check(struct sema *s, struct dsym *y)
{
	struct node *def = y->init;

	if (xlator_parse(s, def) < 0)
		return -1;
	if (y->keys && !y->unchecked)
		return 0;
	y->unchecked = false;
	if (!xlator_output(s, y) || xlator_input(s, y) < 0)
		return -1;
	const struct dtype *in = y->keys[0];

	for (size_t i = 0; i < s->syms.len; i++) {
		struct dsym *o = s->syms.data[i];

		if (o == y || o->kind != SYM_XLATOR)
			continue;
		if (!xlator_output(s, o))
			return -1;
		if (!same_sou(o->type, y->type))
			continue;
		if (xlator_input(s, o) < 0)
			return -1;
		if (type_same(o->keys[0], in)) {
			diag_error(s->diag, def->loc, D_XLATE_REDECL,
				   "translator from %s to %s has already been declared",
				   type_name(s->a, in), type_name(s->a, y->type));
			return -1;
		}
	}
	for (struct node *m = def->members; m; m = m->next)
		if (check_member(s, y, m) < 0)
			return -1;
	return 0;
}

/* A translator's output type, resolved once (into type). */
static const struct dtype *xlator_output(struct sema *s, struct dsym *y)
{
	const struct node *n = y->init;
	const struct dtype *out;

	if (y->type)
		return y->type;
	if (!(out = sema_type(s, n->tn)))
		return NULL;
	if (type_is_sou(out) && out->incomplete) {
		diag_error(s->diag, srcloc_reported_at(n->tn->loc, n->loc),
			   D_XLATE_SOU, "incomplete struct/union/enum %s",
			   type_name(s->a, out));
		return NULL;
	}
	if (!type_is_sou(out)) {
		diag_error(s->diag, srcloc_reported_at(n->tn->loc, n->loc),
			   D_XLATE_SOU,
			   "translator output type must be a struct or union");
		return NULL;
	}
	return y->type = out;
}

int sema_xlator_define(struct sema *s, struct node *n)
{
	struct dsym *y = arena_alloc(s->a, sizeof(*y));

	memset(y, 0, sizeof(*y));
	y->kind = SYM_XLATOR;
	y->name = XLATOR_SYM;
	y->loc = n->loc;
	y->init = n;
	y->unchecked = s->in_library;
	/* a library's output type that a declaration left for its first
	 * use declares: resolved when a translator is looked for */
	if (!(s->in_library && sema_defer_pending(s, n->tn)) &&
	    !xlator_output(s, y))
		return -1;
	vec_push(&s->syms, y);
	return s->in_library ? 0 : xlator_check(s, y);
}

/* ---- xlate -------------------------------------------------------- */

/*
 * The translator from `in` to `out`: one declared for exactly that
 * input type, else (as DTrace's fuzzy match) one whose input is a
 * pointer to the same struct as `in` points to.
 */
static struct dsym *xlator_find(struct sema *s, const struct dtype *out,
				const struct dtype *in, bool *failed)
{
	struct dsym *fuzzy = NULL;

	*failed = false;
	for (size_t i = 0; i < s->syms.len; i++) {
		struct dsym *y = s->syms.data[i];

		if (y->kind != SYM_XLATOR)
			continue;
		if (!xlator_output(s, y)) {
			*failed = true;
			return NULL;
		}
		if (!same_sou(y->type, out))
			continue;
		if (xlator_check(s, y) < 0) {
			*failed = true;
			return NULL;
		}
		const struct dtype *t = y->keys[0];

		if (type_same(t, in))
			return y;
		if (!fuzzy && t->kind == DT_PTR && in->kind == DT_PTR &&
		    type_is_sou(t->base) && type_is_sou(in->base) &&
		    same_sou(t->base, in->base))
			fuzzy = y;
	}
	return fuzzy;
}

/*
 * The expression of member `m` of y's translation of operand `in` (the
 * operand as parsed), checked; the operand is converted to the
 * translator's input type when it differs (a fuzzy match).
 */
static struct node *member_expr(struct sema *s, const struct dsym *y,
				const struct node *m, const struct node *in,
				const struct dtype *in_type)
{
	const struct node *def = y->init;
	const struct node *arg = in;

	if (!type_same(in_type, y->keys[0]) && type_is_scalar(in_type)) {
		struct node *cast = node_new(s->a, NK_CAST, in->loc);

		cast->tn = def->tn2;
		cast->lhs = (struct node *)in;
		arg = cast;
	}
	struct node *e = copy_expr(s, m->rhs, def->name, arg);

	return sema_expr(s, e) < 0 ? NULL : e;
}

/* e converted to the member's type, as an assignment to it would be */
static struct node *as_member(struct sema *s, struct node *e,
			      const struct dmember *dm)
{
	if (!type_is_scalar(dm->type) || type_same(dm->type, e->type))
		return e;
	struct node *c = node_new(s->a, NK_CAST, e->loc);

	c->lhs = e;
	c->type = dm->type;
	c->builtin = -1;
	return c;
}

/* every member's checked expression, for cg_xlate: NK_ASSIGN nodes
 * whose ival is the member's bit offset and type the member's */
static int whole_members(struct sema *s, struct node *n, const struct dsym *y)
{
	struct node **tail = &n->args;

	for (const struct node *m = y->init->members; m; m = m->next) {
		const struct dmember *dm = type_member(s->types, s->a, y->type,
						       m->lhs->name);
		struct node *e = member_expr(s, y, m, n->rhs, n->lhs->type);
		struct node *a;

		if (!e)
			return -1;
		if (!dm || dm->bits)
			return sema_unsupported(s, m, "a translated bit-field");
		a = node_new(s->a, NK_ASSIGN, m->loc);
		a->op = TK_ASSIGN;
		a->rhs = as_member(s, e, dm);
		a->ival = dm->bit_off;
		a->type = dm->type;
		*tail = a;
		tail = &a->next;
	}
	return 0;
}

int sema_xlate(struct sema *s, struct node *n)
{
	const struct dtype *to = sema_type(s, n->tn), *out;
	bool failed = false;

	if (!to)
		return -1;
	n->rhs = copy_expr(s, n->lhs, NULL, NULL);	/* as parsed */
	if (sema_expr(s, n->lhs) < 0)
		return -1;
	out = to->kind == DT_PTR ? to->base : to;
	struct dsym *y = type_is_sou(out) ?
		xlator_find(s, out, n->lhs->type, &failed) : NULL;

	if (!y) {
		if (!failed)
			diag_error(s->diag, n->loc, D_XLATE_NONE,
				   "cannot translate from \"%s\" to \"%s\"",
				   type_name(s->a, n->lhs->type),
				   type_name(s->a, to));
		return -1;
	}
	n->sym = y;
	n->type = to;
	n->args = NULL;
	return whole_members(s, n, y);
}

/* the xlate n stands for, through the casts an inline's use adds */
static struct node *xlate_of(struct node *n)
{
	while (n->kind == NK_CAST && n->lhs->kind != NK_XLATE &&
	       n->lhs->kind == NK_CAST)
		n = n->lhs;
	if (n->kind == NK_CAST && n->lhs->kind == NK_XLATE &&
	    type_same(n->type, n->lhs->type))
		n = n->lhs;
	return n->kind == NK_XLATE ? n : NULL;
}

/*
 * A cast n (lhs checked) of a pointer to translated data to another
 * type: the translated struct exists only as its member expressions, so
 * it has no address to convert (DTrace's D_CAST_INVAL).
 */
bool sema_xlate_cast_bad(struct sema *s, struct node *n,
			 const struct dtype *to)
{
	const struct node *x = xlate_of(n->lhs);

	if (!x || x->type->kind != DT_PTR || type_same(to, x->type))
		return false;
	diag_error(s->diag, n->loc, D_CAST_INVAL,
		   "invalid cast expression: \"pointer to translated data\" to \"%s\"",
		   type_name(s->a, to));
	return true;
}

bool sema_is_xlate(const struct node *n)
{
	return xlate_of((struct node *)n) != NULL;
}

int sema_xlate_stmt(struct sema *s, const struct node *e)
{
	const struct node *x = xlate_of((struct node *)e);

	if (!x || x->type->kind != DT_PTR)
		return 0;
	diag_error(s->diag, e->loc, D_CG_DYN,
		   "expression cannot evaluate to result of a translated pointer");
	return -1;
}

bool sema_xlate_member(struct sema *s, struct node *n, int *rc)
{
	struct node *x = xlate_of(n->lhs);
	bool ptr = n->kind == NK_PTRMEMBER;

	*rc = -1;
	if (!x || (x->type->kind == DT_PTR) != ptr)
		return false;	/* . on a pointer ...: sema_member says so */
	const struct dsym *y = x->sym;
	const struct node *m = y->init->members;

	while (m && strcmp(m->lhs->name, n->name) != 0)
		m = m->next;
	if (!m) {
		if (type_member(s->types, s->a, y->type, n->name))
			diag_error(s->diag, n->loc, D_XLATE_NOCONV,
				   "translator does not define conversion for member: %s",
				   n->name);
		else
			diag_error(s->diag, n->loc, D_TYPE_MEMBER,
				   "%s is not a member of %s", n->name,
				   type_name(s->a, y->type));
		return true;
	}
	const struct dmember *dm = type_member(s->types, s->a, y->type, n->name);
	struct node *e = member_expr(s, y, m, x->rhs, x->lhs->type);

	if (!e)
		return true;
	e = as_member(s, e, dm);
	struct srcloc loc = n->loc;
	struct node *next = n->next;
	/* args[i]->m or curpsinfo->m has the attributes of args[i] or of
	 * curpsinfo, not of the translator's expression (stability.c) */
	const struct dsym *inl = n->lhs->inl;
	bool is_args = n->lhs->is_args;

	*n = *e;
	n->loc = loc;
	n->next = next;
	n->inl = inl;
	n->is_args = is_args;
	*rc = 0;
	return true;
}

/* ---- provider definitions ------------------------------------------ */

/*
 * provider p { probe name(args) [: (xargs)]; };  A compiled program only
 * checks it: the probes it declares are USDT probes that -h and -G
 * describe, and a program reaches them as p$pid:::name.
 */
int sema_provider_define(struct sema *s, struct node *n)
{
	for (struct node *p = n->probes; p; p = p->next) {
		for (struct node *q = n->probes; q != p; q = q->next)
			if (strcmp(q->name, p->name) == 0) {
				diag_error(s->diag, p->loc, D_PROV_PRDUP,
					   "probe redeclared: %s:%s",
					   n->name, p->name);
				return -1;
			}
		for (const struct tparam *a = p->tn->params; a; a = a->next)
			if (!sema_type(s, a->tn))
				return -1;
		if (p->tn2)
			for (const struct tparam *a = p->tn2->params; a; a = a->next)
				if (!sema_type(s, a->tn))
					return -1;
	}
	return 0;
}

/* ---- the kernel's enumerators -------------------------------------- */

bool sema_kernel_enum_ident(struct sema *s, struct node *n)
{
	struct btf *btf = dbtf_vmlinux(s->types);
	uint32_t nt = btf ? btf__type_cnt(btf) : 0;

	for (uint32_t id = 1; id < nt; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		uint16_t vlen = btf_vlen(t);
		int64_t v = 0;
		bool found = false;

		if (btf_is_enum(t)) {
			const struct btf_enum *e = btf_enum(t);

			for (uint16_t i = 0; i < vlen && !found; i++, e++)
				if (strcmp(btf__name_by_offset(btf, e->name_off),
					   n->name) == 0) {
					found = true;
					/* kflag: a signed enum */
					v = btf_kflag(t) ? (int64_t)(int32_t)e->val :
							   (int64_t)(uint32_t)e->val;
				}
		} else if (btf_is_enum64(t)) {
			const struct btf_enum64 *e = btf_enum64(t);

			for (uint16_t i = 0; i < vlen && !found; i++, e++)
				if (strcmp(btf__name_by_offset(btf, e->name_off),
					   n->name) == 0) {
					found = true;
					v = (int64_t)btf_enum64_value(e);
				}
		}
		if (!found)
			continue;
		n->kind = NK_INT;
		n->ival = (uint64_t)v;
		n->int_suffix = 0;
		n->is_char = false;
		n->type = dbtf_type(s->types, s->a, btf, id);
		return true;
	}
	return false;
}

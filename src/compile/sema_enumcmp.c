/*
 * D_IDENT_AMBIG: in a comparison whose left operand is of an enum type,
 * DTrace reads a bare identifier on the right as that enum's tag; when
 * the same name is also a D global variable, it refuses the comparison
 * as ambiguous rather than choose.  Called by sema_binary() between the
 * checking of the two operands (the left one is typed, the right one
 * not yet).
 */
#include <string.h>
#include <bpf/btf.h>

#include "lex.h"
#include "sema_impl.h"

/* Has enum type t (the script's or the kernel's) a tag called name? */
static bool enum_has_tag(struct sema *s, const struct dtype *t,
			 const char *name)
{
	if (!t->btf) {
		for (const struct dname *d = s->types->names; d; d = d->next)
			if (d->kind == DN_ENUMERATOR && d->type == t &&
			    strcmp(d->name, name) == 0)
				return true;
		return false;
	}
	const struct btf_type *bt = btf__type_by_id(t->btf, t->btf_id);
	uint16_t vlen = bt ? btf_vlen(bt) : 0;

	for (uint16_t i = 0; i < vlen; i++) {
		uint32_t off = btf_is_enum64(bt) ? btf_enum64(bt)[i].name_off :
			       btf_is_enum(bt) ? btf_enum(bt)[i].name_off : 0;

		if (off && strcmp(btf__name_by_offset(t->btf, off), name) == 0)
			return true;
	}
	return false;
}

int sema_enum_ambig(struct sema *s, struct node *n)
{
	const struct dtype *l = n->lhs->type;
	const struct node *r = n->rhs;

	if (!l || l->kind != DT_ENUM || r->kind != NK_IDENT || r->module)
		return 0;
	const char *kind = sema_lookup(s, SYM_GLOBAL, r->name) ? "scalar" :
			   sema_lookup(s, SYM_ASSOC, r->name) ? "array" : NULL;

	if (!kind || !enum_has_tag(s, l, r->name))
		return 0;
	/* DTrace's dt_cook_op2() words */
	diag_error(s->diag, n->loc, D_IDENT_AMBIG,
		   "ambiguous use of operator %s: %s is both a %s enum tag and a global %s",
		   tok_kind_str(n->op), r->name, type_name(s->a, n->lhs->type),
		   kind);
	return -1;
}

/*
 * NULL where a string is expected.  D lets a string be compared with
 * NULL (an integer constant 0), as in `strstr(execname, "ssh") != NULL`,
 * and assigned it: the constant 0 becomes the NULL string constant
 * (is_null), which the code generator (codegen/cg_strnull.c) gives its
 * NULL string, its bytes "", and compares as below every other string
 * (see docs/design.md, "NULL strings").
 */
#include "sema_impl.h"

#include "types.h"

bool sema_is_null_const(const struct node *n)
{
	while (n->kind == NK_CAST)
		n = n->lhs;
	return n->kind == NK_INT && n->ival == 0;
}

const struct dtype *sema_string_null(struct sema *s, struct node *n)
{
	if (!type_is_string(n->type) && sema_is_null_const(n)) {
		n->kind = NK_STRING;
		n->sval = "";
		n->slen = 0;
		n->lhs = NULL;
		n->type = &s->types->t_string;
		n->is_null = true;
	}
	return n->type;
}

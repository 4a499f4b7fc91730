/*
 * NULL where a string is expected.  D lets a string be compared with
 * NULL (an integer constant 0), as in `strstr(execname, "ssh") != NULL`,
 * and assigned it.  DTrace compares such operands as strings, its string
 * comparison reading a NULL side as "" (so "" == NULL holds there too),
 * and the NULL string of the code generator (codegen/cg_strnull.c) reads
 * as "": so the constant 0 becomes the constant "", which codegen
 * compares with an unrolled test of one byte.  A variable assigned NULL
 * holds "" (see docs/design.md, "NULL strings").
 */
#include "sema_impl.h"

#include "types.h"

/* an integer constant 0 (NULL), through casts */
static bool is_null_const(const struct node *n)
{
	while (n->kind == NK_CAST)
		n = n->lhs;
	return n->kind == NK_INT && n->ival == 0;
}

const struct dtype *sema_string_null(struct sema *s, struct node *n)
{
	if (!type_is_string(n->type) && is_null_const(n)) {
		n->kind = NK_STRING;
		n->sval = "";
		n->slen = 0;
		n->lhs = NULL;
		n->type = &s->types->t_string;
		n->is_null = true;
	}
	return n->type;
}

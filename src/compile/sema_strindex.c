/*
 * Indexing a string.  D's string type is an array of char (strsize
 * bytes), so s[i] is the char at offset i, as for any char array: the
 * string operand becomes a char pointer and the index is then handled
 * by the array and pointer code (sema_mem.c), which reads the byte
 * through the faulting memory path, so a NULL string is an invalid
 * address at run time, as in DTrace.  The string value is already the
 * address of its bytes.
 */
#include <string.h>

#include "sema_impl.h"

const struct dtype *sema_string_as_chars(struct sema *s, struct node *n)
{
	struct node *u = node_new(s->a, NK_CAST, n->lhs->loc);
	struct node *c = node_new(s->a, NK_CAST, n->lhs->loc);

	/* through an integer: the verifier refuses a variable offset on a
	 * pointer into map memory, and the read is by address anyway */
	u->lhs = n->lhs;
	u->type = &s->types->t_ulong;
	c->lhs = u;
	c->type = type_pointer(s->a, &s->types->t_char);
	n->lhs = c;
	return c->type;
}

/* string built-in variables, from the built-in table */
static bool string_builtin(const char *name)
{
	static const struct { const char *name, *type; } bv[] = {
#define BUILTIN(name, id, type) { #name, #type },
#include "builtins.def"
#undef BUILTIN
	};

	for (size_t i = 0; i < sizeof(bv) / sizeof(bv[0]); i++)
		if (strcmp(bv[i].name, name) == 0)
			return strcmp(bv[i].type, "t_string") == 0;
	return false;
}

/*
 * Is NK_INDEX n a subscript of a scalar string variable (global,
 * thread-local, clause-local or built-in) rather than an associative
 * array reference?  A string held in an associative array element is a
 * plain expression and needs no check here.
 */
bool sema_is_string_index(struct sema *s, const struct node *n)
{
	const struct node *l = n->lhs;
	const struct dsym *y;

	if (!n->args || n->args->next)
		return false;
	switch (l->kind) {
	case NK_IDENT:
		y = sema_lookup(s, SYM_GLOBAL, l->name);
		if (!y)
			return string_builtin(l->name);
		break;
	case NK_SELF:
		y = sema_lookup(s, SYM_SELF,
				arena_printf(s->a, "self->%s", l->name));
		break;
	case NK_THIS:
		y = sema_lookup(s, SYM_THIS,
				arena_printf(s->a, "this->%s", l->name));
		break;
	default:
		return false;
	}
	return y && y->nkeys == 0 && type_is_string(y->type);
}

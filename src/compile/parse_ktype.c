/*
 * Kernel type names in the parser.  Every typedef the kernel's BTF
 * defines is a type name in D ("__u8 x;", "(loff_t)arg0"), but the
 * parser only knows D's predefined names and the script's typedefs:
 * for a plain identifier in type position that is neither, it asks the
 * program's kernel_type callback (compile.c wires it to the BTF, see
 * btf_tname.c), which loads vmlinux BTF on the first question only.
 * The answers are cached both ways, so each name is looked up once.
 *
 * Scoping follows DTrace: D's own type names first, then the script's,
 * then the kernel's; since those lists are consulted first, a script
 * typedef shadows a kernel one.  Only positions where the grammar needs
 * to tell a type from an expression ask: a declaration's specifiers, a
 * statement "name name" or "name *", "(name)" as sizeof's operand or
 * before an operator, and an associative array's key list.
 */
#include <string.h>

#include "parse_impl.h"

bool parse_is_type_name(struct parser *p, const struct token *t)
{
	bool yes;

	/* D`name and C`name: DTrace's own containers, the script's types */
	if (t->kind == TK_SYMBOL && t->module &&
	    (strcmp(t->module, "D") == 0 || strcmp(t->module, "C") == 0))
		return parse_is_typedef(p, t->sval, t->slen);
	if (t->kind != TK_IDENT)
		return false;
	if (parse_is_typedef(p, t->sval, t->slen))
		return true;
	if (!p->kernel_type || parse_name_in(p->not_kernel, t->sval, t->slen))
		return false;
	yes = p->kernel_type(p->kernel_ctx, t->sval);
	/* a kernel type name is a typedef name to the parser from now on */
	if (yes)
		parse_add_typedef(p, t->sval);
	else
		parse_name_add(p->a, p->not_kernel, t->sval);
	return yes;
}

/* parse_type_start, also taking a kernel type name at token n */
bool parse_type_start_kernel(struct parser *p, int n)
{
	return parse_type_start(p, n) || parse_is_type_name(p, parse_peek(p, n));
}

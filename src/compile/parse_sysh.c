/*
 * System headers under -C.  A script run through cpp may #include the
 * C library's headers (<endian.h>, <sys/types.h>, <stdio.h>), which
 * with __GNUC__ undefined are almost plain declarations D can read; what
 * is left is C that D has no syntax for, chiefly glibc's "static inline"
 * functions (bits/byteswap.h, bits/uintn-identity.h).  Only in text the
 * lexer marked as coming from a system header (cpp's line marker flag
 * 3), the parser takes "inline" as a C function specifier and a function
 * definition as the declaration of its prototype, its body skipped: the
 * types and macros those headers define stay usable, and a script's own
 * text keeps D's grammar and errors.
 */
#include "parse_impl.h"

bool parse_sysh_inline(struct parser *p, const struct token *t,
		       enum storage sc)
{
	if (!t->sysh || t->kind != TK_KW_INLINE || sc == SC_NONE)
		return false;
	parse_next(p);
	return true;
}

/* Skip "{ ... }" with its nested braces; 0, or -1 at end of input. */
static int skip_body(struct parser *p)
{
	int depth = 0;

	do {
		struct token *t = parse_next(p);

		if (t->kind == TK_EOF || t->kind == TK_ERROR) {
			parse_syntax_error(p, t);
			return -1;
		}
		depth += t->kind == TK_LBRACE ? 1 :
			 t->kind == TK_RBRACE ? -1 : 0;
	} while (depth > 0);
	return 0;
}

int parse_sysh_fndef(struct parser *p, struct node *n)
{
	struct token *t = parse_peek(p, 0);

	if (!t->sysh || t->kind != TK_LBRACE || !n->tn ||
	    n->tn->kind != TN_FUNC)
		return 0;
	if (skip_body(p) < 0)
		return -1;
	n->storage = SC_EXTERN;	/* as its prototype would declare it */
	return 1;
}

/* An anonymous struct or union member ("union { ... };"), as C11 has. */
bool parse_sysh_anon(struct parser *p, const struct tnode *base)
{
	struct token *t = parse_peek(p, 0);

	return t->sysh && t->kind == TK_SEMI && base->has_body &&
	       (base->kind == TN_STRUCT || base->kind == TN_UNION);
}

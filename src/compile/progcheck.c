/*
 * Checks of a whole D program translation unit (one -s script or -n/-P
 * program), made by the driver around the clause-by-clause checks:
 * DTrace's D_EMPTY (a program with no clause or declaration, unless
 * -x empty) and D_MACRO_UNUSED (the last macro argument given on the
 * command line is referenced nowhere in the program, unless -x argref).
 *
 * DTrace marks a macro argument referenced when its lexer meets $N or
 * $$N, wherever that is; bdtrace notes the references where they are
 * resolved instead: in expressions (sema_macro, lastarg_ref in struct
 * sema) and in probe descriptions (progcheck_desc_refs).  Both errors
 * are reported, as DTrace's are, at the end of the translation unit.
 *
 * Also the identifiers of "#pragma D attributes" and "#pragma D binding":
 * DTrace applies them to an identifier the program itself declares
 * (before or after the pragma, at the top level); one naming a built-in
 * variable or something a library or an earlier program defined is
 * D_PRAGMA_SCOPE, one naming nothing the program declares is
 * D_PRAGMA_UNUSED (variables first assigned in a clause included: they
 * come to exist only when the clauses are checked).
 */
#include "progcheck.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "sema_impl.h"

/*
 * The location of the end of src: its last line, and as DTrace's line
 * (yylineno at the end of input) the one after a final newline.
 */
static struct srcloc end_loc(const struct source *src)
{
	struct srcloc loc = { .src = src, .line = 1, .col = 1 };
	const char *line = src->text;
	size_t len = strlen(src->text);

	for (const char *p = src->text; *p; p++)
		if (*p == '\n' && p[1]) {
			loc.line++;
			line = p + 1;
		}
	loc.off = (int)(line - src->text);
	loc.yyline = loc.line + (len && src->text[len - 1] == '\n');
	return loc;
}

int progcheck_empty(const struct source *src, const struct node *top,
		    bool allow_empty, struct diag *d)
{
	if (allow_empty)
		return 0;
	for (const struct node *n = top; n; n = n->next)
		if (n->kind != NK_PRAGMA)
			return 0;
	diag_error(d, end_loc(src), D_EMPTY,
		   "empty D program translation unit");
	return -1;
}

bool progcheck_desc_refs(const char *text, int argn)
{
	for (const char *s = text; (s = strchr(s, '$')) != NULL;) {
		const char *p = s + 1 + (s[1] == '$');
		char *end;

		s = p;
		if (!isdigit((unsigned char)*p))
			continue;
		if (strtol(p, &end, 10) == argn)
			return true;
		s = end;
	}
	return false;
}

int progcheck_argref(const struct source *src, const char *const *argv,
		     int argc, bool referenced, bool argref_opt,
		     struct diag *d)
{
	if (argc <= 1 || referenced || argref_opt)
		return 0;
	diag_error(d, end_loc(src), D_MACRO_UNUSED,
		   "extraneous argument '%s' ($%d is not referenced)",
		   argv[argc - 1], argc - 1);
	return -1;
}

/* the identifier an attributes or binding pragma names, or NULL */
/* dir: at least 64 bytes */
static const char *pragma_target(const struct node *n, char *dir,
				 char *name, size_t nsize)
{
	char w1[64], a1[128], a2[256];

	if (sscanf(n->sval, " %63s %63s %127s %255s", w1, dir, a1, a2) != 4 ||
	    strcmp(w1, "D") != 0)
		return NULL;
	if (strcmp(dir, "attributes") != 0 && strcmp(dir, "binding") != 0)
		return NULL;
	if (strcmp(a2, "provider") == 0)	/* provider attributes */
		return NULL;
	snprintf(name, nsize, "%s", a2);
	return name;
}

static bool declared_in(const struct node *top, const char *name)
{
	for (const struct node *n = top; n; n = n->next)
		if ((n->kind == NK_DECL || n->kind == NK_INLINE) && n->name &&
		    strcmp(n->name, name) == 0)
			return true;
	return false;
}

static bool defined_outside(struct sema *s, const char *name)
{
	static const enum dsym_kind kinds[] = { SYM_GLOBAL, SYM_INLINE,
						SYM_ASSOC, SYM_AGG };

	if (sema_builtin_name(name))
		return true;
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (sema_lookup(s, kinds[i], name))
			return true;
	return false;
}

int progcheck_pragmas(struct sema *s, const struct node *top)
{
	char dir[64], name[256];

	for (const struct node *n = top; n; n = n->next) {
		if (n->kind != NK_PRAGMA ||
		    !pragma_target(n, dir, name, sizeof(name)))
			continue;
		if (defined_outside(s, name)) {
			diag_error(s->diag, n->loc, D_PRAGMA_SCOPE,
				   "#pragma %s cannot modify entity defined outside program scope",
				   dir);
			return -1;
		}
		if (!declared_in(top, name)) {
			diag_error(s->diag, n->loc, D_PRAGMA_UNUSED,
				   "unused #pragma %s", dir);
			return -1;
		}
	}
	return 0;
}

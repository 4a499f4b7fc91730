/*
 * #pragma D directives: options (shared with -x through the options
 * table), and the stability and dependency pragmas, which are accepted
 * and checked for form.  Pragmas other than "D" ones are ignored, as C
 * compilers ignore pragmas they do not know.
 */
#include "pragma.h"

#include <string.h>

#include "../runtime/options.h"

/* next blank-separated word of *p, NUL-terminated in buf */
static const char *word(const char **p, char *buf, size_t size)
{
	const char *s = *p;
	size_t n = 0;

	while (*s == ' ' || *s == '\t')
		s++;
	while (*s && *s != ' ' && *s != '\t' && n + 1 < size)
		buf[n++] = *s++;
	buf[n] = '\0';
	*p = s;
	return n ? buf : NULL;
}

int pragma_apply(const struct node *n, struct dopts *opts, struct diag *d)
{
	const char *p = n->sval;
	char w[64], arg[512], err[256];

	if (!word(&p, w, sizeof(w)) || strcmp(w, "D") != 0)
		return 0;
	if (!word(&p, w, sizeof(w))) {
		diag_error(d, n->loc, D_PRAGMA_MALFORM, "malformed #pragma D directive");
		return -1;
	}
	if (strcmp(w, "option") == 0) {
		if (!word(&p, arg, sizeof(arg))) {
			diag_error(d, n->loc, D_PRAGMA_MALFORM,
				   "#pragma D option requires an option argument");
			return -1;
		}
		if (dopts_setarg(opts, arg, err, sizeof(err)) < 0) {
			diag_error(d, n->loc, D_PRAGMA_OPTSET,
				   "failed to set option '%s': %s", arg, err);
			return -1;
		}
		return 0;
	}
	if (strcmp(w, "attributes") == 0 || strcmp(w, "binding") == 0 ||
	    strcmp(w, "depends_on") == 0 || strcmp(w, "error") == 0 ||
	    strcmp(w, "ident") == 0 || strcmp(w, "line") == 0)
		return 0;
	diag_error(d, n->loc, D_PRAGMA_INVAL, "invalid control directive: #pragma D %s", w);
	return -1;
}

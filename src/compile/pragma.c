/*
 * #pragma D directives: options (shared with -x through the options
 * table), and the stability and dependency pragmas, which are checked
 * for form here (library.c decides whether a dependency is met; the
 * stability attributes and version bindings are not tracked).  Pragmas other than "D" ones are ignored, as C
 * compilers ignore pragmas they do not know.  As DTrace handles a pragma
 * in its lexer, the parser checks each one's form (pragma_check) when it
 * reads it, so that its error comes before any later syntax error.
 */
#include "pragma.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

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

/* "depends_on library|module|provider NAME" (library.c checks it is met) */
static int check_depends(const struct node *n, const char *p, struct diag *d)
{
	char cls[64], name[256], extra[8];

	if (!word(&p, cls, sizeof(cls)) || !word(&p, name, sizeof(name)) ||
	    word(&p, extra, sizeof(extra))) {
		diag_error(d, n->loc, D_PRAGMA_MALFORM,
			   "malformed #pragma depends_on <class> <name>");
		return -1;
	}
	if (strcmp(cls, "library") != 0 && strcmp(cls, "module") != 0 &&
	    strcmp(cls, "provider") != 0) {
		diag_error(d, n->loc, D_PRAGMA_INVAL,
			   "invalid class %s specified by #pragma depends_on", cls);
		return -1;
	}
	return 0;
}

/* a D version: MAJOR.MINOR[.MICRO] */
static bool is_version(const char *v)
{
	int parts = 0;

	while (*v) {
		if (!isdigit((unsigned char)*v))
			return false;
		while (isdigit((unsigned char)*v))
			v++;
		parts++;
		if (*v == '.')
			v++;
		else if (*v)
			return false;
	}
	return parts == 2 || parts == 3;
}

/* "binding \"VERSION\" NAME": the D version an identifier appeared in */
static int check_binding(const struct node *n, const char *p, struct diag *d)
{
	char ver[64], name[256], extra[8];
	size_t len;

	if (!word(&p, ver, sizeof(ver)) || !word(&p, name, sizeof(name)) ||
	    word(&p, extra, sizeof(extra))) {
		diag_error(d, n->loc, D_PRAGMA_MALFORM,
			   "malformed #pragma binding \"version\" <ident>");
		return -1;
	}
	len = strlen(ver);
	if (len > 2 && ver[0] == '"' && ver[len - 1] == '"') {
		ver[len - 1] = '\0';
		memmove(ver, ver + 1, len - 1);
	}
	if (!is_version(ver)) {
		diag_error(d, n->loc, D_PRAGMA_INVAL,
			   "invalid version string specified by #pragma binding");
		return -1;
	}
	return 0;
}

/* one of names (NULL-terminated), compared without case, as DTrace */
static bool one_of(const char *w, size_t len, const char *const *names)
{
	for (; *names; names++)
		if (strlen(*names) == len && strncasecmp(w, *names, len) == 0)
			return true;
	return false;
}

/*
 * A stability attribute "NAME[/DATA[/CLASS]]": stability levels for the
 * first two, a dependency class for the third (the Dynamic Tracing
 * Guide's Stability chapter).
 */
static bool is_attr(const char *a)
{
	static const char *const stab[] = {
		"Internal", "Private", "Obsolete", "External", "Unstable",
		"Evolving", "Stable", "Standard", NULL
	};
	static const char *const cls[] = {
		"Unknown", "CPU", "Platform", "Group", "ISA", "Common", NULL
	};
	for (int i = 0; i < 3; i++) {
		size_t len = strcspn(a, "/");

		if (!one_of(a, len, i < 2 ? stab : cls))
			return false;
		a += len;
		if (!*a)
			return true;
		a++;
	}
	return false;
}

/* "attributes NAME/DATA/CLASS [provider] NAME": stability, not tracked */
static int check_attributes(const struct node *n, const char *p, struct diag *d)
{
	char attr[128], name[256];

	if (!word(&p, attr, sizeof(attr)) || !word(&p, name, sizeof(name))) {
		diag_error(d, n->loc, D_PRAGMA_MALFORM,
			   "malformed #pragma attributes <attributes> <ident>");
		return -1;
	}
	if (!is_attr(attr)) {
		diag_error(d, n->loc, D_PRAGMA_INVAL,
			   "invalid attributes specified by #pragma attributes");
		return -1;
	}
	return 0;
}

/*
 * "error TOKENS": the program is rejected with D_PRAGERR.  Like DTrace,
 * the message is the identifiers and string literals (their contents)
 * among the tokens, each followed by a blank.
 */
static int pragma_error(const struct node *n, const char *p, struct diag *d)
{
	char msg[512];
	size_t len = 0;

	while (*p && len + 2 < sizeof(msg)) {
		const char *start = p;
		size_t tl;

		if (*p == '"') {
			start = ++p;
			while (*p && *p != '"')
				p++;
			tl = (size_t)(p - start);
			p += *p == '"';
		} else if (isalpha((unsigned char)*p) || *p == '_') {
			while (isalnum((unsigned char)*p) || *p == '_')
				p++;
			tl = (size_t)(p - start);
		} else {
			p++;
			continue;
		}
		if (tl > sizeof(msg) - len - 2)
			tl = sizeof(msg) - len - 2;
		memcpy(msg + len, start, tl);
		len += tl;
		msg[len++] = ' ';
	}
	msg[len] = '\0';
	diag_error(d, n->loc, D_PRAGERR, "#error: %s", msg);
	return -1;
}

/* The checks of a #pragma D's form, made as soon as it is read. */
int pragma_check(const struct node *n, struct diag *d)
{
	const char *p = n->sval;
	char w[64];

	if (!word(&p, w, sizeof(w)) || strcmp(w, "D") != 0)
		return 0;
	if (!word(&p, w, sizeof(w)))
		return 0;	/* pragma_apply says it is malformed */
	if (strcmp(w, "depends_on") == 0)
		return check_depends(n, p, d);
	if (strcmp(w, "binding") == 0)
		return check_binding(n, p, d);
	if (strcmp(w, "attributes") == 0)
		return check_attributes(n, p, d);
	if (strcmp(w, "error") == 0)
		return pragma_error(n, p, d);
	return 0;
}

bool pragma_is_option(const struct node *n, const char *name)
{
	const char *p = n->sval;
	char w[64];

	return word(&p, w, sizeof(w)) && strcmp(w, "D") == 0 &&
	       word(&p, w, sizeof(w)) && strcmp(w, "option") == 0 &&
	       word(&p, w, sizeof(w)) && strcmp(w, name) == 0;
}

/* line (up to its newline) as "#pragma D option name=VALUE": VALUE */
static bool option_line(const char *line, const char *name, char *arg,
			size_t size)
{
	char buf[512], opt[512], w[64];
	size_t len = strcspn(line, "\n"), n = strlen(name);
	const char *p = buf;

	if (len >= sizeof(buf))
		return false;
	memcpy(buf, line, len);
	buf[len] = '\0';
	p += strspn(p, " \t");
	if (*p++ != '#')
		return false;
	if (!word(&p, w, sizeof(w)) || strcmp(w, "pragma") != 0 ||
	    !word(&p, w, sizeof(w)) || strcmp(w, "D") != 0 ||
	    !word(&p, w, sizeof(w)) || strcmp(w, "option") != 0 ||
	    !word(&p, opt, sizeof(opt)) || strncmp(opt, name, n) != 0 ||
	    opt[n] != '=' || strlen(opt + n + 1) >= size)
		return false;
	strcpy(arg, opt + n + 1);
	return true;
}

bool pragma_find_option(const char *text, const char *name, char *arg,
			size_t size)
{
	bool found = false;

	for (const char *l = text; l; l = strchr(l, '\n'), l = l ? l + 1 : l)
		found |= option_line(l, name, arg, size);
	return found;
}

/* name[=value] is an option a D program may not set: the message */
static bool cmdline_option(const char *arg, char *err, size_t errlen)
{
	char name[64];
	size_t n = strcspn(arg, "=");

	if (n >= sizeof(name))
		return false;
	memcpy(name, arg, n);
	name[n] = '\0';
	if (!dopts_cmdline_only(name))
		return false;
	snprintf(err, errlen, "Option cannot be used from within a D program");
	return true;
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
		/* one option a line: "nspec=24 * 44" is not an expression */
		if (word(&p, err, sizeof(err))) {
			diag_error(d, n->loc, D_PRAGMA_MALFORM,
				   "superfluous arguments specified for #pragma option");
			return -1;
		}
		if (cmdline_option(arg, err, sizeof(err)) ||
		    dopts_setarg(opts, arg, err, sizeof(err)) < 0) {
			char *eq = strchr(arg, '=');

			/* DTrace names the option and its value apart */
			if (eq)
				*eq++ = '\0';
			if (eq)
				diag_error(d, n->loc, D_PRAGMA_OPTSET,
					   "failed to set option '%s' to '%s': %s",
					   arg, eq, err);
			else
				diag_error(d, n->loc, D_PRAGMA_OPTSET,
					   "failed to set option '%s': %s", arg, err);
			return -1;
		}
		return 0;
	}
	if (strcmp(w, "depends_on") == 0 || strcmp(w, "binding") == 0 ||
	    strcmp(w, "attributes") == 0 || strcmp(w, "error") == 0)
		return pragma_check(n, d);
	if (strcmp(w, "ident") == 0 || strcmp(w, "line") == 0)
		return 0;
	diag_error(d, n->loc, D_PRAGMA_INVAL, "invalid control directive: #pragma D %s", w);
	return -1;
}

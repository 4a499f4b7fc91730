/*
 * Compiler diagnostics.  Every error names its source position and a D_
 * tag.  The default form points at the text:
 *
 *	foo.d:3:20: error: operator + cannot be applied to a string [D_OP_ARITH]
 *	    trace(execname + 1);
 *	                   ^
 *
 * preceded by DTrace's headline form, which names the tag only under
 * -x errtags:
 *
 *	dtrace: failed to compile script foo.d: [D_OP_ARITH] line 3: ...
 *
 * The headline's line is DTrace's: the line yacc had read up to when it
 * reduced the construct in error (srcloc.yyline), which may be a later
 * line than the construct's start.
 *
 * Errors do not longjmp: the first error is recorded in the diag state
 * (sticky), later ones are ignored, and each pass checks diag_failed()
 * at its boundaries.
 */
#ifndef BD_DIAG_H
#define BD_DIAG_H

#include <stdbool.h>
#include <stdio.h>

enum dtag {
#define DTAG(t) t,
#include "dtags.def"
#undef DTAG
	DTAG_COUNT
};

const char *dtag_name(enum dtag tag);
/* D_FOO -> tag, or -1 when unknown (used by the test runner's self-check) */
int dtag_lookup(const char *name);

/*
 * The field a command-line probe description ends with: dtrace -n
 * (and every script) names probes, -f functions, -m modules, -P
 * providers, so "-m a:b" is provider a, module b (dtrace_xstr2desc()).
 */
enum pspec { PSPEC_NAME, PSPEC_FUNC, PSPEC_MOD, PSPEC_PROVIDER };

/* One program text: a script file, a -n description, a D library. */
struct source {
	const char *name;	/* "foo.d", or "<command-line>" for -n / -P ... */
	const char *text;	/* NUL-terminated */
	bool is_file;		/* script ("line N:" in the headline) */
	bool is_library;	/* a D library: "\"NAME\", line N:" */
	enum pspec pspec;	/* its probe descriptions' last field */
};

struct srcloc {
	const struct source *src;
	int line;	/* 1-based */
	int col;	/* 1-based, in bytes */
	int off;	/* byte offset in src->text */
	/*
	 * The line DTrace reports: its lexer's line (yylineno) when the
	 * token was read or the construct reduced.  0: line.
	 */
	int yyline;
};

/*
 * loc, with the line DTrace reports for it taken from the construct at:
 * DTrace checks some parts (a translator's members, a clause's predicate)
 * as it reduces the whole, and reports the whole's line.
 */
static inline struct srcloc srcloc_reported_at(struct srcloc loc,
					       struct srcloc at)
{
	loc.yyline = at.yyline ? at.yyline : at.line;
	return loc;
}

struct diag {
	bool failed;
	enum dtag tag;
	struct srcloc loc;
	char msg[512];
	/*
	 * What is being compiled ("predicate", "action list"): DTrace
	 * names it in the headline of an error that has no line (-n).
	 * Set by the passes; copied into the error when it is recorded.
	 */
	const char *region;
	const char *err_region;
};

void diag_error(struct diag *d, struct srcloc loc, enum dtag tag,
		const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static inline bool diag_failed(const struct diag *d) { return d->failed; }

/*
 * Print the recorded error to fp.  what is the DTrace headline context:
 * "failed to compile script foo.d" or "invalid probe specifier BEGIN {...}".
 */
void diag_print(const struct diag *d, FILE *fp, const char *what,
		bool errtags);

#endif

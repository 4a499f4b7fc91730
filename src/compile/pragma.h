/*
 * #pragma D directives.
 */
#ifndef BD_PRAGMA_H
#define BD_PRAGMA_H

#include "ast.h"

struct dopts;

/* Apply one NK_PRAGMA; 0, or -1 with the error in d. */
int pragma_apply(const struct node *n, struct dopts *opts, struct diag *d);
/* Check one NK_PRAGMA's form (not its option): 0, or -1 with the error. */
int pragma_check(const struct node *n, struct diag *d);
/* Is n "#pragma D option NAME" (a bare flag)?  Options the lexer
 * heeds (pspec) take effect from that line on, as in DTrace. */
bool pragma_is_option(const struct node *n, const char *name);
/* The value of the last "#pragma D option NAME=VALUE" line of a
 * program's text, into arg, before it is compiled: an option needed
 * before compiling (evaltime, for the -c processes started first);
 * false if there is none.  Compiling applies and checks it again. */
bool pragma_find_option(const char *text, const char *name, char *arg,
			size_t size);

#endif

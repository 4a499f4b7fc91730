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

#endif

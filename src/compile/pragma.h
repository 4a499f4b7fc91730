/*
 * #pragma D directives.
 */
#ifndef BD_PRAGMA_H
#define BD_PRAGMA_H

#include "ast.h"

struct dopts;

/* Apply one NK_PRAGMA; 0, or -1 with the error in d. */
int pragma_apply(const struct node *n, struct dopts *opts, struct diag *d);

#endif

/*
 * Whole-program checks the compiler driver makes on each translation
 * unit (progcheck.c): empty programs and unreferenced macro arguments.
 */
#ifndef BD_PROGCHECK_H
#define BD_PROGCHECK_H

#include <stdbool.h>

#include "diag.h"

struct node;
struct sema;

/* D_EMPTY unless top holds something other than pragmas (or -x empty) */
int progcheck_empty(const struct source *src, const struct node *top,
		    bool allow_empty, struct diag *d);
/* does a probe description's text reference $argn or $$argn? */
bool progcheck_desc_refs(const char *text, int argn);
/* D_MACRO_UNUSED if the last argument (argv[argc - 1], argc > 1) was
 * not referenced and -x argref is not set */
int progcheck_argref(const struct source *src, const char *const *argv,
		     int argc, bool referenced, bool argref_opt,
		     struct diag *d);
/* D_PRAGMA_SCOPE, D_PRAGMA_UNUSED: the identifiers of the attributes
 * and binding pragmas of one translation unit, checked before its
 * declarations (anything s knows then is from outside the program) */
int progcheck_pragmas(struct sema *s, const struct node *top);

#endif

/*
 * D libraries: the .d files of the library directories (the shipped
 * lib/dtrace, then -L ones), compiled before every user program so their
 * inlines (EPERM, SIGHUP, R_PC ...) are in scope, ordered by their
 * "#pragma D depends_on library" lines; and the depends_on checks for
 * user programs.
 */
#ifndef BD_LIBRARY_H
#define BD_LIBRARY_H

#include "../lib/arena.h"
#include "ast.h"

struct compile_req;

struct libset {
	struct node **tops;	/* each loaded library's top level, in order */
	const char **names;	/* their file names ("errno.d") */
	size_t n;
};

/*
 * Parse the libraries of req->libdirs into *ls, dependencies first.  A
 * file whose name an earlier directory already supplied is skipped (so a
 * -L directory can replace a shipped library); a library that depends on
 * a provider or module this system lacks is left out, as are those
 * depending on it.  0, or -1 with the error in d.
 */
int library_load(struct compile_req *req, struct arena *a, struct diag *d,
		 struct libset *ls);

/*
 * Check the libraries' declarations and inlines (before user programs);
 * with defer, type declarations that name kernel types at their first
 * use (sema_defer.c).
 */
struct sema;
int library_compile(struct sema *s, const struct libset *ls, bool defer);

/*
 * Check a user program's "#pragma D depends_on class name" (the form is
 * checked by pragma_apply): D_PRAGMA_DEPEND unless it is met; a user
 * program may not depend on a library at all, as in DTrace.
 */
int library_check_depends(const struct node *pragma, const struct libset *ls,
			  struct compile_req *req, struct diag *d);

/*
 * The shipped library directory: lib/dtrace beside the binary's
 * directory (build/dtrace -> lib/dtrace in the source tree;
 * PREFIX/sbin/dtrace -> PREFIX/lib/dtrace once installed), else the
 * configured install location.  Allocated in a.
 */
const char *library_default_dir(struct arena *a);

#endif

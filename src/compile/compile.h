/*
 * The compiler driver: D sources in, a compiled program (struct dobj)
 * out.  Runs the passes in order (lex, parse, pragmas, sema, probe
 * matching, code generation) and stops at the first error, which is left
 * in the diag.
 */
#ifndef BD_COMPILE_H
#define BD_COMPILE_H

#include <stdbool.h>

#include "../codegen/dobj.h"
#include "diag.h"

struct dopts;
struct probe_table;

struct compile_req {
	struct source *srcs;	/* one per -n / -s / -P ... command */
	int nsrcs;
	bool list_only;		/* -l: match probes, generate no code */
	const char **argv;	/* macro arguments: $0 is the script name */
	int argc;
	int target;		/* $target: the -c or -p process id, or 0 */
	struct dopts *opts;	/* #pragma D option updates these */
	struct probe_table *probes;
	/* D library directories, searched in order (library.c); none: no
	 * libraries are loaded */
	const char *const *libdirs;
	int nlibdirs;
	/* -l: called for each probe description that matches no probe,
	 * as "prov:mod:func:name" (dtrace(1M) reports it and goes on) */
	void (*nomatch)(const char *desc, void *arg);
	void *nomatch_arg;
	/*
	 * the front end alone (tests/fuzz/fuzz_parse.c): descriptions are
	 * matched against the probes already in the table (no provider
	 * reads a process or tracefs), and compilation stops after the
	 * semantic checks, with no code generated
	 */
	bool front_only;
};

/*
 * Compile every source into obj (whose arena must outlive it).  Returns
 * 0, or -1 with the error in diag.  obj->matched[i] is the number of
 * probes source i matched, for "matched N probes".
 */
int compile(struct compile_req *req, struct dobj *obj, struct diag *diag);

#endif

/*
 * -C: running a script through the system's C preprocessor, as DTrace
 * does (cpp.c).
 */
#ifndef BD_CPP_H
#define BD_CPP_H

#include "../lib/arena.h"

struct dopts;

/*
 * Preprocess the script text with the options' preprocessor and
 * arguments; *out is cpp's output (in a).  NULL, or DTrace's message
 * for the failure ("Preprocessor failed to process input program"):
 * cpp's own messages are on stderr already.
 */
const char *cpp_run(struct arena *a, const struct dopts *o, const char *text,
		    char **out);

#endif

/*
 * The D parser: source text to AST (ast.h), for the whole D grammar of
 * the Dynamic Tracing Guide (illumos dt_grammar.y), plus the probe
 * description lists of the command line.  Errors are reported through
 * the diag (the first one wins) with DTrace's messages and D_ tags.
 */
#ifndef BD_PARSE_H
#define BD_PARSE_H

#include "../lib/arena.h"
#include "ast.h"
#include "diag.h"

/* Parse a whole D program from src into prog (nodes in arena a). 0 or -1 with the error in d. */
int parse_program(struct arena *a, const struct source *src, struct diag *d,
		  struct program *prog);
/*
 * Parse one D expression, all of src (a provider's description of an
 * argument: "xlate <psinfo_t *> ((struct task_struct *)arg0)").  0 or
 * -1 with the error in d.
 */
int parse_expression(struct arena *a, const struct source *src,
		     struct diag *d, struct program *prog, struct node **out);
/*
 * A library translator's member list or an inline's initializer
 * dropped at load (parse_later.c), parsed again into a: 0 with the
 * tree in *tree, or -1 with the error in d.
 */
struct parse_later;
int parse_later(struct arena *a, struct diag *d, const struct parse_later *l,
		struct node **tree);
/*
 * Split one probe description text into its four fields (prov, mod,
 * func, name), filling from the right starting at the field spec names
 * ("BEGIN" is a name; "read:entry" func and name; under -m, "a:b" is
 * provider and module); missing fields are "".  -1 when there are more
 * fields than that leaves room for (DTrace's "Overspecified probe
 * description"); one leading ':' is allowed, as DTrace allows it.
 */
int parse_probedesc_fields(struct arena *a, const char *text, enum pspec spec,
			   const char *fields[4]);

#endif

/*
 * Semantic analysis: resolves identifiers (built-ins, global variables,
 * aggregations, macro arguments), types every expression by D's rules,
 * and rejects what the language forbids with DTrace's D_ tags.  What the
 * language allows but this version does not yet implement is rejected
 * with D_UNSUPPORTED and the words "not supported yet".
 */
#ifndef BD_SEMA_H
#define BD_SEMA_H

#include "../lib/vec.h"
#include "ast.h"
#include "types.h"

enum builtin_var {
#define BUILTIN(name, id, type) id,
#include "builtins.def"
#undef BUILTIN
	BV_COUNT
};

/* Actions and functions a clause may call. */
enum dfunc {
	DF_NONE = -1,
	DF_PRINTF, DF_TRACE, DF_EXIT,
	/* aggregating functions */
	DF_COUNT, DF_SUM, DF_AVG, DF_MIN, DF_MAX,
};

enum dsym_kind { SYM_GLOBAL, SYM_AGG };

struct dsym {
	enum dsym_kind kind;
	const char *name;
	const struct dtype *type;	/* SYM_GLOBAL */
	uint32_t offset;		/* SYM_GLOBAL: in the globals map */
	struct srcloc loc;		/* first definition */
	/* SYM_AGG */
	enum dfunc func;
	const struct dtype **keys;
	int nkeys;
	int agg_index;			/* index in dobj.aggs, once generated */
};

struct sema {
	struct arena *a;
	struct diag *diag;
	struct dtypes *types;
	const char **argv;		/* macro arguments; $0 is the script */
	int argc;
	VEC(struct dsym *) syms;	/* globals and aggregations */
	uint32_t globals_size;
	struct node *clause;		/* the clause being checked */
};

void sema_init(struct sema *s, struct arena *a, struct diag *d,
	       struct dtypes *types, const char **argv, int argc);
/* Check one clause's predicate and body (its probes are matched). */
int sema_clause(struct sema *s, struct node *clause);
/* Reject top-level constructs not yet supported (declarations ...). */
int sema_toplevel(struct sema *s, struct node *n);
struct dsym *sema_lookup(struct sema *s, enum dsym_kind kind,
			 const char *name);
void sema_free(struct sema *s);

/* the aggregating function, action or subroutine called `name` */
enum dfunc sema_func(const char *name);
bool sema_is_agg_assign(const struct node *n);

#endif

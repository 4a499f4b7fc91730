/*
 * Stability attributes of a program (stability.c): -x amin's check of a
 * clause's probe descriptions, and the least attributes of the
 * descriptions and of the statements that -v reports.
 */
#ifndef BD_STABILITY_H
#define BD_STABILITY_H

#include "../providers/provider.h"
#include "ast.h"
#include "diag.h"

/* The greatest attributes (DTrace's _dtrace_maxattr), where a least
 * one starts. */
extern const struct prov_attr stability_max;

/* The lesser of a and b in each of the three. */
struct prov_attr stability_min(struct prov_attr a, struct prov_attr b);

/*
 * The attributes of the statements of a clause (NK_CLAUSE) on probes
 * [0 .. nprobes), as DTrace computes a clause's: Stable/Stable/Common,
 * lowered by what its predicate and actions name (curthread, the
 * Evolving functions, kernel symbols and kernel types, args[] by its
 * provider's argument attributes, an inline by its own).  Sema must
 * have run on it.
 */
struct prov_attr stability_clause(const struct node *clause,
				  struct probe *const *probes, size_t nprobes);

struct sema;
/* "#pragma D attributes Name/Data/Class ident" (a D library's, as
 * procfs.d gives curpsinfo Stable/Stable/Common): ident's attributes,
 * in place of those of its value, if ident is an inline. */
void stability_pragma(struct sema *s, const struct node *pragma);

/*
 * 0, or D_ATTR_MIN at loc (-1) when the description whose fields are
 * f[0 .. 3] (provider, module, function, name) is less stable than
 * amin ("Name/Data/Class"; NULL or "": no minimum) or amin does not parse.
 */
int stability_check(struct diag *diag, struct srcloc loc, const char *amin,
		    const char *const f[4]);

#endif

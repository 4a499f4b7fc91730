/*
 * Declarations shared by the semantic-analysis files (sema.c: clauses,
 * statements and symbols; sema_expr.c: expressions and types;
 * sema_call.c: actions, subroutines and aggregations).  Not for other
 * modules: they use sema.h.
 */
#ifndef BD_SEMA_IMPL_H
#define BD_SEMA_IMPL_H

#include "sema.h"

/* D_UNSUPPORTED: "WHAT is not supported yet" at n; returns -1 */
int sema_unsupported(struct sema *s, const struct node *n, const char *what);
int sema_expr(struct sema *s, struct node *n);
struct dsym *sema_define_global(struct sema *s, struct node *lhs,
				const struct dtype *type);

/* sema_call.c */
/* check every argument of call; 0 or -1 */
int sema_args(struct sema *s, struct node *call);
/* D_PROTO_LEN unless call has min..max arguments; 0 or -1 */
int sema_proto_len(struct sema *s, struct node *call, int min, int max);
bool sema_is_agg_func(enum dfunc f);
bool sema_is_later_func(const char *name);
int sema_call_expr(struct sema *s, struct node *n);
int sema_action(struct sema *s, struct node *call, enum dfunc f);
/* sema_agg.c */
int sema_agg(struct sema *s, struct node *n);

#endif

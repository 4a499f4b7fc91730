/*
 * Code generation for an inline's argument bound once.  A use of a
 * parametric inline (fds[i++]) becomes an NK_BIND whose lhs is the
 * argument and whose rhs is the inline's body, in which each mention of
 * the parameter is an NK_BOUND (sema_inline_param.c).  The argument is
 * computed first, once, into an 8-byte slot of dctx scratch (no map
 * access); each NK_BOUND reloads it.  Both share a holder node, whose aux
 * records the slot for the body generated after it.
 */
#include "cg.h"

#include <stddef.h>

static int bind(struct cg *cg, struct node *n)
{
	uint32_t slot = cg_scratch(cg, 8);
	int r = cg_expr(cg, n->lhs);

	emit(cg->e, I_STX_MEM(BPF_DW, REG_DCTX, r,
			      offsetof(struct dctx, scratch) + slot));
	ra_free(cg, r);
	n->init->aux = (int)slot;
	return cg_expr(cg, n->rhs);
}

int cg_inline_bind(struct cg *cg, struct node *n)
{
	int r;

	if (n->kind == NK_BIND)
		return bind(cg, n);
	r = ra_alloc(cg);
	emit(cg->e, I_LDX_MEM(BPF_DW, r, REG_DCTX,
			      offsetof(struct dctx, scratch) + n->init->aux));
	return r;
}

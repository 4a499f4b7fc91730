/*
 * Code generation for the actions that act on aggregations: printa(),
 * trunc(), clear(), normalize(), denormalize(), and setopt().  As in
 * DTrace these run in the consumer, in record order: the BPF side only
 * writes the clause's record (with trunc()'s count or normalize()'s
 * factor in it), and the action's description (struct dact: which
 * aggregations, the printa() format, the option) tells the consumer what
 * to do when it reads the record (runtime/agg_act.c).
 */
#include "cg.h"

#include "../runtime/fmt.h"

/* Evaluate n and store it in the record as an int64; its description. */
static void record_int64(struct cg *cg, struct node *n, struct dval *v)
{
	uint32_t off = cg_out_slot(cg, n, 8);
	int r = cg_expr(cg, n);

	cg_normalize(cg, r, n->type);
	emit(cg->e, I_STX_MEM(BPF_DW, REG_DCTX, r,
			      offsetof(struct dctx, scratch) + (int32_t)off));
	ra_free(cg, r);
	*v = (struct dval){ .kind = DV_INT, .is_signed = true, .offset = off,
			    .size = 8, .type = n->type };
}

static enum fmt_argkind key_kind(const struct dtype *t)
{
	if (type_is_string(t))
		return FA_STRING;
	return (enum fmt_argkind)cg_fmt_arg_kind(t);
}

/* printa()'s format against the keys of its (first) aggregation. */
static int check_printa_format(struct cg *cg, struct node *call,
			       const struct dsym *y)
{
	struct node *f = call->args;
	struct fmt *fmt;
	struct fmt_arg *fa;
	char err[512];
	enum dtag tag;

	if (fmt_parse(cg->a, f->sval, &fmt, err, sizeof(err)) < 0) {
		diag_error(cg->diag, f->loc, D_SYNTAX, "%s", err);
		return -1;
	}
	fa = arena_alloc(cg->a, sizeof(*fa) * (y->nkeys + 1));
	for (int i = 0; i < y->nkeys; i++)
		fa[i] = (struct fmt_arg){ .kind = key_kind(y->keys[i]),
					  .size = y->keys[i]->size,
					  .is_signed = y->keys[i]->is_signed,
					  .tname = type_name(cg->a, y->keys[i]) };
	if (fmt_check_args(fmt, fa, y->nkeys, "printa", 1, true, false, &tag,
			   err, sizeof(err)) < 0) {
		diag_error(cg->diag, call->loc, tag, "%s", err);
		return -1;
	}
	return 0;
}

static int cg_printa(struct cg *cg, struct node *call, struct dact *act)
{
	struct node *a = call->args;
	uint32_t *ids;
	int n = 0, i = 0;

	if (a->kind == NK_STRING) {
		if (check_printa_format(cg, call, a->next->sym) < 0)
			return -1;
		act->fmt = a->sval;
		a = a->next;
	}
	for (struct node *b = a; b; b = b->next)
		n++;
	ids = arena_alloc(cg->a, sizeof(*ids) * (size_t)n);
	for (; a; a = a->next)
		ids[i++] = cg_agg_define(cg, a->sym)->id;
	act->kind = DACT_PRINTA;
	act->aggs = ids;
	act->naggs = n;
	return 0;
}

/*
 * setopt(name[, value]): constants are kept in the action; an argument
 * computed at run time makes both go into the record as strings, which
 * the consumer reads (consume.c).
 */
static void cg_setopt(struct cg *cg, struct node *call, struct dact *act)
{
	struct node *name = call->args, *val = name->next;
	int n = 0;

	act->kind = DACT_SETOPT;
	if (name->kind == NK_STRING && (!val || val->kind == NK_STRING)) {
		act->optname = name->sval;
		act->optval = val ? val->sval : NULL;
		return;
	}
	act->vals = arena_alloc(cg->a, sizeof(struct dval) * 2);
	for (struct node *a = name; a; a = a->next)
		cg_record_value(cg, a, &act->vals[n++]);
	act->nvals = n;
}

int cg_agg_action(struct cg *cg, struct node *call, enum dfunc f)
{
	struct dact act = { .loc = call->loc };
	struct node *arg2;

	if (f == DF_PRINTA) {
		if (cg_printa(cg, call, &act) < 0)
			return -1;
	} else if (f == DF_SETOPT) {
		cg_setopt(cg, call, &act);
	} else {
		uint32_t *id = arena_alloc(cg->a, sizeof(*id));

		*id = cg_agg_define(cg, call->args->sym)->id;
		act.aggs = id;
		act.naggs = 1;
		act.kind = f == DF_TRUNC ? DACT_TRUNC : f == DF_CLEAR ? DACT_CLEAR :
			   f == DF_NORMALIZE ? DACT_NORMALIZE : DACT_DENORMALIZE;
		arg2 = call->args->next;
		if (arg2) {
			act.vals = arena_alloc(cg->a, sizeof(struct dval));
			act.nvals = 1;
			record_int64(cg, arg2, &act.vals[0]);
		}
	}
	if (!cg->stmt_done)
		vec_push(&cg->acts, act);
	return 0;
}

/*
 * Code generation for aggregations: @name[keys] = func(args).  Each
 * aggregation is a per-CPU map (a hash keyed by the tuple, or a one-slot
 * array without keys) updated without atomics and merged by the runtime.
 */
#include "cg.h"

#include "../runtime/options.h"

static const enum dagg_func agg_funcs[] = {
	[DF_COUNT] = AGG_COUNT, [DF_SUM] = AGG_SUM, [DF_AVG] = AGG_AVG,
	[DF_MIN] = AGG_MIN, [DF_MAX] = AGG_MAX,
};

static uint32_t value_size(enum dfunc f)
{
	return (f == DF_COUNT || f == DF_SUM) ? 8 : 16;
}

/* Lay out the key and create the map, the first time @name is used. */
static struct dagg *agg_define(struct cg *cg, struct dsym *y)
{
	if (y->agg_index >= 0)
		return &cg->obj->aggs.data[y->agg_index];
	struct dagg g = { .name = y->name, .func = agg_funcs[y->func],
			  .nkeys = y->nkeys };
	uint32_t off = 0;

	g.keys = arena_alloc(cg->a, sizeof(struct dval) * (y->nkeys + 1));
	for (int i = 0; i < y->nkeys; i++) {
		const struct dtype *t = y->keys[i];
		struct dval *v = &g.keys[i];

		v->offset = off;
		v->type = t;
		if (type_is_string(t)) {
			v->kind = DV_STRING;
			v->size = (uint32_t)cg->opts->strsize;
		} else {
			v->kind = t->kind == DT_PTR ? DV_PTR : DV_INT;
			v->size = t->kind == DT_PTR ? 8 : t->size;
			v->is_signed = t->is_signed;
		}
		/* integers take a whole normalised 8-byte slot */
		off += (v->size + 7) & ~7u;
	}
	g.key_size = y->nkeys ? off : 4;
	g.value_size = value_size(y->func);
	uint64_t entry = g.key_size + g.value_size + 64;
	uint64_t max = cg->opts->aggsize / entry;

	if (max < 64)
		max = 64;
	if (max > (1u << 20))
		max = 1u << 20;
	struct dmap m = {
		.name = arena_printf(cg->a, "agg_%.10s", y->name),
		.type = y->nkeys ? BPF_MAP_TYPE_PERCPU_HASH : BPF_MAP_TYPE_PERCPU_ARRAY,
		.key_size = g.key_size, .value_size = g.value_size,
		.max_entries = y->nkeys ? (uint32_t)max : 1,
		.flags = y->nkeys ? BPF_F_NO_PREALLOC : 0,
	};

	g.map = dobj_add_map(cg->obj, &m);
	g.id = (uint32_t)cg->obj->aggs.len + 1;
	y->agg_index = (int)cg->obj->aggs.len;
	vec_push(&cg->obj->aggs, g);
	return &vec_last(&cg->obj->aggs);
}

/* Build the key tuple in scratch; its dctx-scratch offset. */
static uint32_t build_key(struct cg *cg, const struct dagg *g, struct node *keys)
{
	uint32_t k = cg_scratch(cg, g->key_size);
	int s = offsetof(struct dctx, scratch);

	for (uint32_t o = 0; o < g->key_size; o += 8)
		emit(cg->e, I_ST_MEM(g->key_size - o >= 8 ? BPF_DW : BPF_W,
				     REG_DCTX, s + (int32_t)(k + o), 0));
	int i = 0;

	for (struct node *n = keys; n; n = n->next, i++) {
		const struct dval *v = &g->keys[i];
		int r = cg_expr(cg, n);

		if (v->kind == DV_STRING) {
			int dst = ra_alloc(cg);

			emit(cg->e, I_MOV64_REG(dst, REG_DCTX));
			cg_strcpy(cg, dst, s + (int32_t)(k + v->offset), r, v->size);
		} else {
			emit(cg->e, I_STX_MEM(BPF_DW, REG_DCTX, r,
					      s + (int32_t)(k + v->offset)));
			ra_free(cg, r);
		}
	}
	return k;
}

/* value pointer for the key (inserting a zero value first if absent);
 * jumps to skip, counting a drop, when the map is full */
static int lookup_or_insert(struct cg *cg, const struct dagg *g, uint32_t k,
			    int skip)
{
	struct cg_arg key = g->nkeys ? ARG_DCTX(k) : ARG_FP(FRAME_KEY0);

	if (!g->nkeys)
		emit(cg->e, I_ST_MEM(BPF_W, REG_FP, FRAME_KEY0, 0));
	struct cg_arg la[] = { ARG_MAP(g->map), key };
	int v = cg_call(cg, BPF_FUNC_map_lookup_elem, la, 2, true);
	int found = emit_label_new(cg->e);

	emit_jmp_imm(cg->e, BPF_JNE, v, 0, found);
	ra_free(cg, v);
	uint32_t z = cg_scratch(cg, g->value_size);

	for (uint32_t o = 0; o < g->value_size; o += 8)
		emit(cg->e, I_ST_MEM(BPF_DW, REG_DCTX,
				     offsetof(struct dctx, scratch) + z + o, 0));
	struct cg_arg ua[] = { ARG_MAP(g->map), key, ARG_DCTX(z),
			       ARG_IMM(BPF_NOEXIST) };

	cg_call(cg, BPF_FUNC_map_update_elem, ua, 4, false);
	int v2 = cg_call(cg, BPF_FUNC_map_lookup_elem, la, 2, true);

	/* both paths must leave the pointer in the same register */
	if (v2 != v) {
		emit(cg->e, I_MOV64_REG(v, v2));
		ra_free(cg, v2);
		cg->busy |= 1u << v;
	}
	emit_jmp_imm(cg->e, BPF_JEQ, v, 0, skip);
	emit_label_place(cg->e, found);
	return v;
}

int cg_aggregate(struct cg *cg, struct node *assign)
{
	struct node *lhs = assign->lhs;
	struct node *aggn = lhs->kind == NK_AGG ? lhs : lhs->lhs;
	struct node *keys = lhs->kind == NK_INDEX ? lhs->args : NULL;
	struct node *call = assign->rhs;
	struct dsym *y = aggn->sym;
	struct dagg *g = agg_define(cg, y);
	int x = -1;

	if (y->func != DF_COUNT) {
		x = cg_expr(cg, call->args);
		cg_normalize(cg, x, call->args->type);
	}
	uint32_t k = build_key(cg, g, keys);
	int skip = emit_label_new(cg->e), done = emit_label_new(cg->e);
	int v = lookup_or_insert(cg, &cg->obj->aggs.data[y->agg_index], k, skip);
	int t = ra_alloc(cg);

	switch (y->func) {
	case DF_COUNT:
	case DF_SUM:
		emit(cg->e, I_LDX_MEM(BPF_DW, t, v, 0));
		if (y->func == DF_COUNT)
			emit(cg->e, I_ALU64_IMM(BPF_ADD, t, 1));
		else
			emit(cg->e, I_ALU64_REG(BPF_ADD, t, x));
		emit(cg->e, I_STX_MEM(BPF_DW, v, t, 0));
		break;
	case DF_AVG:
		emit(cg->e, I_LDX_MEM(BPF_DW, t, v, 8));
		emit(cg->e, I_ALU64_REG(BPF_ADD, t, x));
		emit(cg->e, I_STX_MEM(BPF_DW, v, t, 8));
		break;
	default: {	/* min, max: replace when unset or beyond */
		int keep = emit_label_new(cg->e), set = emit_label_new(cg->e);

		emit(cg->e, I_LDX_MEM(BPF_DW, t, v, 0));
		emit_jmp_imm(cg->e, BPF_JEQ, t, 0, set);
		emit(cg->e, I_LDX_MEM(BPF_DW, t, v, 8));
		emit_jmp_reg(cg->e, y->func == DF_MIN ? BPF_JSGE : BPF_JSLE,
			     x, t, keep);
		emit_label_place(cg->e, set);
		emit(cg->e, I_STX_MEM(BPF_DW, v, x, 8));
		emit_label_place(cg->e, keep);
		break;
	}
	}
	if (y->func == DF_AVG || y->func == DF_MIN || y->func == DF_MAX) {
		emit(cg->e, I_LDX_MEM(BPF_DW, t, v, 0));
		emit(cg->e, I_ALU64_IMM(BPF_ADD, t, 1));
		emit(cg->e, I_STX_MEM(BPF_DW, v, t, 0));
	}
	ra_free(cg, t);
	ra_free(cg, v);
	emit_ja(cg->e, done);
	emit_label_place(cg->e, skip);
	cg_count_drop(cg, DSTAT_AGG_DROPS);	/* the map is full */
	emit_label_place(cg->e, done);
	if (x >= 0)
		ra_free(cg, x);
	return 0;
}

/*
 * Code generation for aggregations: @name[keys] = func(args).  Each
 * aggregation is a per-CPU map (a hash keyed by the tuple, or a one-slot
 * array without keys) updated without atomics and merged by the runtime.
 * The per-CPU value layouts are runtime/agg.h's: every one starts with
 * the number of updates, so the runtime can tell an entry never updated
 * (or cleared) from one whose value is 0.  Histogram buckets are found
 * with straight-line code from the compile-time parameters: a binary
 * search for quantize()'s power of two, a division by the constant step
 * for lquantize(), an unrolled walk over the orders of magnitude for
 * llquantize(), each clamped so the verifier sees the index in range.
 */
#include <string.h>

#include "cg.h"

#include "../runtime/fmt.h"
#include "../runtime/options.h"

/* per-CPU values are limited by the kernel's per-CPU allocator */
#define AGG_VALUE_MAX	32768

static const enum dagg_func agg_funcs[] = {
	[DF_COUNT] = AGG_COUNT, [DF_SUM] = AGG_SUM, [DF_AVG] = AGG_AVG,
	[DF_MIN] = AGG_MIN, [DF_MAX] = AGG_MAX, [DF_STDDEV] = AGG_STDDEV,
	[DF_QUANTIZE] = AGG_QUANTIZE, [DF_LQUANTIZE] = AGG_LQUANTIZE,
	[DF_LLQUANTIZE] = AGG_LLQUANTIZE,
};

static bool is_hist(enum dagg_func f)
{
	return f == AGG_QUANTIZE || f == AGG_LQUANTIZE || f == AGG_LLQUANTIZE;
}

static uint64_t value_size(const struct dagg *g)
{
	if (is_hist(g->func))
		return 8 + fmt_agg_value_size(g);
	switch (g->func) {
	case AGG_COUNT: return 8;
	case AGG_STDDEV: return 32;
	default: return 16;
	}
}

/*
 * The all-zero value a new entry starts from: one array element as
 * large as the largest aggregation value, shared by all of them.
 */
static int zero_map(struct cg *cg, uint32_t size)
{
	for (size_t i = DMAP_NSTD; i < cg->obj->maps.len; i++) {
		struct dmap *m = &cg->obj->maps.data[i];

		if (strcmp(m->name, "agg_zero") != 0)
			continue;
		if (m->value_size < size)
			m->value_size = size;
		return (int)i;
	}
	struct dmap m = { .name = "agg_zero", .type = BPF_MAP_TYPE_ARRAY,
			  .key_size = 4, .value_size = size, .max_entries = 1 };

	return dobj_add_map(cg->obj, &m);
}

/* the all-zero element, at least size bytes, for others (cg_sou.c) */
int cg_zero_map(struct cg *cg, uint32_t size)
{
	return zero_map(cg, size);
}

/*
 * Key i of y kept in the map as a string-table offset (dagg.kkeys, and
 * an array's or thread-local's: cg_dvar.c), but
 * for probeprov where it may be made at run time (attach.prov_stem),
 * which no table holds.  A program compiled again while tracing
 * (runtime/ulate.c) extends the first's string table, so offsets mean
 * the same strings in both.
 */
bool cg_probe_key(const struct cg *cg, const struct dsym *y, int i)
{
	return i < 32 && (y->probe_keys >> i & 1) &&
	       !(cg->prov_stem && (y->prov_keys >> i & 1));
}

/* The map's slot of key i, whose tuple slot is v (execname: 16 bytes,
 * as the kernel's hash reads every byte of the key). */
static struct dval kernel_key(const struct cg *cg, const struct dsym *y,
			      int i, const struct dval *v)
{
	struct dval k = *v;

	if (cg_probe_key(cg, y, i))
		k = (struct dval){ .kind = DV_PROBESTR, .size = 8 };
	else if (cg_stackid_key(v))	/* its frames in a side map */
		k = (struct dval){ .kind = DV_STACKID, .size = 16,
				   .type = v->type };
	else if (i < 32 && (y->exec_keys >> i & 1) && v->size > 16)
		k.size = 16;
	return k;
}

static void layout_keys(struct cg *cg, struct dagg *g, const struct dsym *y)
{
	uint32_t off = 0, koff = 0;

	g->keys = arena_alloc(cg->a, sizeof(struct dval) * (y->nkeys + 1));
	for (int i = 0; i < y->nkeys; i++) {
		const struct dtype *t = y->keys[i];
		struct dval *v = &g->keys[i];

		v->offset = off;
		v->type = t;
		if (sema_symval(t) != SV_NONE) {
			/* stacks and symbols (cg_stack.c) */
			v->kind = cg_symval_kind(sema_symval(t));
			v->size = cg_symval_size(cg, t);
		} else if (type_is_string(t)) {
			/* strsize characters and the NUL, as every string */
			v->kind = DV_STRING;
			v->size = dopts_strbytes(cg->opts);
		} else {
			v->kind = t->kind == DT_PTR ? DV_PTR : DV_INT;
			v->size = t->kind == DT_PTR ? 8 : t->size;
			v->is_signed = t->is_signed;
		}
		/* integers take a whole normalised 8-byte slot */
		off += (v->size + 7) & ~7u;
		koff += (kernel_key(cg, y, i, v).size + 7) & ~7u;
	}
	g->tuple_size = off;
	g->ktuple_size = koff;
	if (koff != off) {
		g->kkeys = arena_alloc(cg->a, sizeof(struct dval) * (y->nkeys + 1));
		g->strs = cg->obj;
		koff = 0;
		for (int i = 0; i < y->nkeys; i++) {
			struct dval *k = &g->kkeys[i];

			*k = kernel_key(cg, y, i, &g->keys[i]);
			k->offset = koff;
			if (k->kind == DV_STACKID)
				k->map = cg_stackid_map(cg, g->keys[i].size);
			koff += (k->size + 7) & ~7u;
		}
	}
	/* the aggregation's id follows the tuple (cg_aggmap.c) */
	g->key_size = y->nkeys ? koff + 8 : 4;
}

/* Lay out the key and create the map, the first time @name is used. */
struct dagg *cg_agg_define(struct cg *cg, struct dsym *y)
{
	if (y->agg_index >= 0)
		return &cg->obj->aggs.data[y->agg_index];
	struct dagg g = { .name = y->name, .func = agg_funcs[y->func],
			  .nkeys = y->nkeys, .map = -1 };
	uint64_t vsize;

	memcpy(g.params, y->agg_params, sizeof(g.params));
	layout_keys(cg, &g, y);
	vsize = value_size(&g);
	if (vsize > AGG_VALUE_MAX) {
		diag_error(cg->diag, y->loc, D_UNSUPPORTED,
			   "@%s: an aggregation value of %llu bytes (more than %d "
			   "buckets) is not supported yet", y->name,
			   (unsigned long long)vsize, AGG_VALUE_MAX / 8 - 3);
		vsize = 8;
	}
	g.value_size = (uint32_t)vsize;
	g.id = (uint32_t)cg->obj->aggs.len + 1;
	cg_agg_place(cg, &g);	/* cg_aggmap.c */
	zero_map(cg, g.value_size);
	y->agg_index = (int)cg->obj->aggs.len;
	vec_push(&cg->obj->aggs, g);
	return &vec_last(&cg->obj->aggs);
}

/* Build the key tuple in scratch; its dctx-scratch offset.  Jumps to
 * drop when a stack cannot be kept (cg_stackid.c). */
static uint32_t build_key(struct cg *cg, const struct dagg *g,
			  struct node *keys, int drop)
{
	cg_tuple_check(cg, g->nkeys);
	uint32_t k = cg_scratch(cg, g->key_size);
	int s = offsetof(struct dctx, scratch);

	for (uint32_t o = 0; o < g->ktuple_size; o += 8)
		emit(cg->e, I_ST_MEM(BPF_DW, REG_DCTX, s + (int32_t)(k + o), 0));
	/* the aggregation's own entries in the shared map */
	emit(cg->e, I_ST_MEM(BPF_DW, REG_DCTX, s + (int32_t)(k + g->ktuple_size),
			     (int32_t)g->id));
	int i = 0;

	for (struct node *n = keys; n; n = n->next, i++) {
		const struct dval *v = g->kkeys ? &g->kkeys[i] : &g->keys[i];

		if (v->kind == DV_PROBESTR) {
			int r = cg_probe_string_offset(cg, n->builtin);

			emit(cg->e, I_STX_MEM(BPF_DW, REG_DCTX, r,
					      s + (int32_t)(k + v->offset)));
			ra_free(cg, r);
			continue;
		}
		if (sema_symval(v->type) != SV_NONE) {
			if (cg_symval_size(cg, n->type) != g->keys[i].size)
				cg_fail(cg, n, "a key of a different stack depth "
					"than @%s's first is not supported yet",
					g->name);
			else if (v->kind == DV_STACKID)
				cg_stackid_store(cg, n, s + (int32_t)(k + v->offset),
						 &g->keys[i], v->map, drop);
			else
				cg_symval_store(cg, n, s + (int32_t)(k + v->offset));
			continue;
		}
		int r = cg_expr(cg, n);

		if (v->kind == DV_STRING) {
			cg_str_null_check(cg, n, r, true);	/* cg_strnull.c */
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
	/* drained under aggrate: the current generation's map, each call
	 * (the consumer may switch between them; cg_aggmap.c) */
	struct cg_arg map = g->map2 ? ARG_MAPGEN(g->map, g->map2)
				    : ARG_MAP(g->map);

	if (!g->nkeys)
		emit(cg->e, I_ST_MEM(BPF_W, REG_FP, FRAME_KEY0, (int32_t)g->slot));
	struct cg_arg la[] = { map, key };
	int v = cg_call(cg, BPF_FUNC_map_lookup_elem, la, 2, true);
	int found = emit_label_new(cg->e);

	if (!g->nkeys) {	/* an array's one element is always there */
		emit_jmp_imm(cg->e, BPF_JEQ, v, 0, skip);
		return v;
	}

	emit_jmp_imm(cg->e, BPF_JNE, v, 0, found);
	ra_free(cg, v);
	int z = ra_alloc(cg);

	emit_ld_map_value(cg->e, z, zero_map(cg, g->value_size), 0);
	struct cg_arg ua[] = { map, key, ARG_REG(z),
			       ARG_IMM(BPF_NOEXIST) };

	cg_call(cg, BPF_FUNC_map_update_elem, ua, 4, false);
	int v2 = cg_call(cg, BPF_FUNC_map_lookup_elem, la, 2, true);

	/*
	 * Each call reads the generation word afresh, so a switch between
	 * the insertion and the lookup leaves the key in the retired map
	 * and the lookup in the new one empty-handed: insert it there too.
	 * The consumer waits out every program that read the old word
	 * before it switches again, so no second switch comes within one
	 * firing, and the zero left in the retired map adds nothing.
	 */
	if (g->map2) {
		int ok = emit_label_new(cg->e);

		emit_jmp_imm(cg->e, BPF_JNE, v2, 0, ok);
		ra_free(cg, v2);
		z = ra_alloc(cg);
		emit_ld_map_value(cg->e, z, zero_map(cg, g->value_size), 0);
		ua[2] = ARG_REG(z);
		cg_call(cg, BPF_FUNC_map_update_elem, ua, 4, false);
		int v3 = cg_call(cg, BPF_FUNC_map_lookup_elem, la, 2, true);

		if (v3 != v2) {
			emit(cg->e, I_MOV64_REG(v2, v3));
			ra_free(cg, v3);
			cg->busy |= 1u << v2;
		}
		emit_label_place(cg->e, ok);
	}
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

/* *(u64 *)(v + off) += reg, or += imm when reg < 0 */
static void add_word(struct cg *cg, int v, int16_t off, int reg, int32_t imm)
{
	int t = ra_alloc(cg);

	emit(cg->e, I_LDX_MEM(BPF_DW, t, v, off));
	if (reg >= 0)
		emit(cg->e, I_ALU64_REG(BPF_ADD, t, reg));
	else
		emit(cg->e, I_ALU64_IMM(BPF_ADD, t, imm));
	emit(cg->e, I_STX_MEM(BPF_DW, v, t, off));
	ra_free(cg, t);
}

/* d = 1 if the unsigned t is not 0, else 0: (t | -t) >> 63 */
static void emit_nonzero(struct cg *cg, int d, int t)
{
	emit(cg->e, I_MOV64_REG(d, t));
	emit(cg->e, I_NEG64(d));
	emit(cg->e, I_ALU64_REG(BPF_OR, d, t));
	emit(cg->e, I_ALU64_IMM(BPF_RSH, d, 63));
}

/*
 * quantize(): bucket 63 for 0, 63 +/- n otherwise, n the place of the
 * highest bit of |x| from 1 (at least 0: -2^63 has n = 64).  Computed
 * without a branch: every branch both of whose ways the verifier must
 * walk leaves it a state to come back to, and it keeps at most 8,192 of
 * them along one path, which a clause of a few hundred quantize() calls
 * reached when each took a dozen.
 */
static int quantize_index(struct cg *cg, int x)
{
	int n = ra_alloc(cg), a = ra_alloc(cg), t = ra_alloc(cg);
	int b = ra_alloc(cg);

	/* a = |x| (unsigned: 2^63 for -2^63), n = (a != 0) */
	emit(cg->e, I_MOV64_REG(t, x));
	emit(cg->e, I_ALU64_IMM(BPF_ARSH, t, 63));
	emit(cg->e, I_MOV64_REG(a, x));
	emit(cg->e, I_ALU64_REG(BPF_XOR, a, t));
	emit(cg->e, I_ALU64_REG(BPF_SUB, a, t));
	emit_nonzero(cg, n, a);
	/* n += the highest bit's place, halving: b = sh if a >> sh */
	for (int sh = 32, lg = 5; sh >= 1; sh /= 2, lg--) {
		emit(cg->e, I_MOV64_REG(t, a));
		emit(cg->e, I_ALU64_IMM(BPF_RSH, t, sh));
		emit_nonzero(cg, b, t);
		if (lg)
			emit(cg->e, I_ALU64_IMM(BPF_LSH, b, lg));
		emit(cg->e, I_ALU64_REG(BPF_RSH, a, b));
		emit(cg->e, I_ALU64_REG(BPF_ADD, n, b));
	}
	/* n = 63 + n or 63 - n by x's sign: (n ^ s) - s, s = x >> 63 */
	emit(cg->e, I_MOV64_REG(t, x));
	emit(cg->e, I_ALU64_IMM(BPF_ARSH, t, 63));
	emit(cg->e, I_ALU64_REG(BPF_XOR, n, t));
	emit(cg->e, I_ALU64_REG(BPF_SUB, n, t));
	emit(cg->e, I_ALU64_IMM(BPF_ADD, n, FMT_QUANTIZE_ZERO));
	/* -1 (for -2^63) to 0: n &= ~(n >> 63) */
	emit(cg->e, I_MOV64_REG(t, n));
	emit(cg->e, I_ALU64_IMM(BPF_ARSH, t, 63));
	emit(cg->e, I_ALU64_IMM(BPF_XOR, t, -1));
	emit(cg->e, I_ALU64_REG(BPF_AND, n, t));
	ra_free(cg, b);
	ra_free(cg, t);
	ra_free(cg, a);
	return n;
}

/* lquantize(): 0 below base, 1 + (x - base) / step, levels + 1 above */
static int lquantize_index(struct cg *cg, const struct dagg *g, int x)
{
	int64_t base = g->params[0], step = g->params[2];
	int64_t levels = (g->params[1] - base) / step;
	int idx = ra_alloc(cg);
	int done = emit_label_new(cg->e), in = emit_label_new(cg->e);

	emit(cg->e, I_MOV64_IMM(idx, 0));
	emit_jmp_imm(cg->e, BPF_JSLT, x, (int32_t)base, done);
	emit(cg->e, I_MOV64_REG(idx, x));
	emit(cg->e, I_ALU64_IMM(BPF_SUB, idx, (int32_t)base));
	emit(cg->e, I_ALU64_IMM(BPF_DIV, idx, (int32_t)step));
	emit_jmp_imm(cg->e, BPF_JLT, idx, (int32_t)levels, in);
	emit(cg->e, I_MOV64_IMM(idx, (int32_t)levels));
	emit_label_place(cg->e, in);
	emit(cg->e, I_ALU64_IMM(BPF_ADD, idx, 1));
	emit_label_place(cg->e, done);
	return idx;
}

/* jump to label if x (known >= 1 here) < the unsigned constant c */
static void jlt_const(struct cg *cg, int x, uint64_t c, int label)
{
	if (c <= INT32_MAX) {
		emit_jmp_imm(cg->e, BPF_JLT, x, (int32_t)c, label);
		return;
	}
	int t = ra_alloc(cg);

	emit_ld_imm64(cg->e, t, c);
	emit_jmp_reg(cg->e, BPF_JLT, x, t, label);
	ra_free(cg, t);
}

/*
 * llquantize(), in Oracle's layout (runtime/fmt_llquant.c): |x| below
 * factor^low is the middle bucket; in the order [factor^mag,
 * factor^(mag+1)), the step |x| / (factor^(mag+1) / nsteps) (for mag 0,
 * |x| * nsteps / factor), less the nsteps / factor steps below the
 * order, counted from the middle bucket up for x > 0 and down for x < 0;
 * above the last order, the overflow buckets.  The orders are unrolled:
 * their bounds are constants.
 */
static int llquantize_index(struct cg *cg, const struct dagg *g, int x)
{
	uint64_t factor = (uint64_t)g->params[0], lmag = (uint64_t)g->params[1];
	uint64_t hmag = (uint64_t)g->params[2], steps = (uint64_t)g->params[3];
	uint64_t sf = steps / factor, per = steps - sf, max = 1;
	int bin0 = fmt_llquantize_zero_bin(g->params);
	int idx = ra_alloc(cg), t = ra_alloc(cg), k = ra_alloc(cg);
	int done = emit_label_new(cg->e), sign = emit_label_new(cg->e);
	int pos = emit_label_new(cg->e);

	for (uint64_t m = 0; m < lmag; m++)
		max *= factor;
	emit(cg->e, I_MOV64_IMM(idx, bin0));
	emit(cg->e, I_MOV64_REG(t, x));
	emit_jmp_imm(cg->e, BPF_JSGE, x, 0, pos);
	emit(cg->e, I_NEG64(t));
	emit_label_place(cg->e, pos);
	jlt_const(cg, t, max, done);
	/* the offset from the middle bucket: the overflow one by default */
	emit(cg->e, I_MOV64_IMM(idx, (int32_t)((hmag - lmag + 1) * per + 1)));
	for (uint64_t m = lmag; m <= hmag; m++) {
		int next = emit_label_new(cg->e), in = emit_label_new(cg->e);

		max *= factor;
		jlt_const(cg, t, max, in);
		emit_ja(cg->e, next);
		emit_label_place(cg->e, in);
		emit(cg->e, I_MOV64_REG(idx, t));
		if (m == 0) {
			emit(cg->e, I_ALU64_IMM(BPF_MUL, idx, (int32_t)steps));
			emit_ld_imm64(cg->e, k, max);
		} else {
			emit_ld_imm64(cg->e, k, max / steps);
		}
		emit(cg->e, I_ALU64_REG(BPF_DIV, idx, k));
		emit(cg->e, I_ALU64_IMM(BPF_ADD, idx,
					(int32_t)((m - lmag) * per + 1 - sf)));
		emit_ja(cg->e, sign);
		emit_label_place(cg->e, next);
	}
	emit_label_place(cg->e, sign);
	pos = emit_label_new(cg->e);
	emit_jmp_imm(cg->e, BPF_JSGE, x, 0, pos);
	emit(cg->e, I_NEG64(idx));
	emit_label_place(cg->e, pos);
	emit(cg->e, I_ALU64_IMM(BPF_ADD, idx, bin0));
	emit_label_place(cg->e, done);
	ra_free(cg, k);
	ra_free(cg, t);
	return idx;
}

/* buckets[idx] += incr, idx clamped to the buckets for the verifier */
static void bump_bucket(struct cg *cg, const struct dagg *g, int v, int idx,
			int incr)
{
	uint32_t nb = (g->value_size - 8) / 8;
	int ok = emit_label_new(cg->e);

	emit_jmp_imm(cg->e, BPF_JLE, idx, (int32_t)(nb - 1), ok);
	emit(cg->e, I_MOV64_IMM(idx, (int32_t)(nb - 1)));
	emit_label_place(cg->e, ok);
	emit(cg->e, I_ALU64_IMM(BPF_LSH, idx, 3));
	emit(cg->e, I_ALU64_REG(BPF_ADD, idx, v));
	add_word(cg, idx, 8, incr, 1);
	ra_free(cg, idx);
}

/*
 * stddev(): count, sum, and the 128-bit sum of squares.  |x|^2 from
 * 32-bit halves: lo*lo + (lo*hi << 33) + (hi*hi << 64).
 */
static void stddev_update(struct cg *cg, int v, int x)
{
	int lo = ra_alloc(cg), hi = ra_alloc(cg), cr = ra_alloc(cg);
	int t = ra_alloc(cg);
	int pos = emit_label_new(cg->e), nc1 = emit_label_new(cg->e);
	int nc2 = emit_label_new(cg->e);

	add_word(cg, v, 0, -1, 1);
	add_word(cg, v, 8, x, 0);
	emit_jmp_imm(cg->e, BPF_JSGE, x, 0, pos);
	emit(cg->e, I_NEG64(x));
	emit_label_place(cg->e, pos);
	emit(cg->e, I_MOV32_REG(lo, x));		/* low half */
	emit(cg->e, I_MOV64_REG(hi, x));
	emit(cg->e, I_ALU64_IMM(BPF_RSH, hi, 32));	/* high half */
	emit(cg->e, I_MOV64_REG(cr, lo));
	emit(cg->e, I_ALU64_REG(BPF_MUL, cr, hi));
	emit(cg->e, I_ALU64_REG(BPF_MUL, lo, lo));
	emit(cg->e, I_ALU64_REG(BPF_MUL, hi, hi));
	emit(cg->e, I_MOV64_REG(t, cr));
	emit(cg->e, I_ALU64_IMM(BPF_LSH, t, 33));
	emit(cg->e, I_ALU64_REG(BPF_ADD, lo, t));
	emit_jmp_reg(cg->e, BPF_JGE, lo, t, nc1);
	emit(cg->e, I_ALU64_IMM(BPF_ADD, hi, 1));
	emit_label_place(cg->e, nc1);
	emit(cg->e, I_ALU64_IMM(BPF_RSH, cr, 31));
	emit(cg->e, I_ALU64_REG(BPF_ADD, hi, cr));
	/* (v[2], v[3]) += (lo, hi) */
	emit(cg->e, I_LDX_MEM(BPF_DW, t, v, 16));
	emit(cg->e, I_ALU64_REG(BPF_ADD, t, lo));
	emit(cg->e, I_STX_MEM(BPF_DW, v, t, 16));
	emit_jmp_reg(cg->e, BPF_JGE, t, lo, nc2);
	emit(cg->e, I_ALU64_IMM(BPF_ADD, hi, 1));
	emit_label_place(cg->e, nc2);
	add_word(cg, v, 24, hi, 0);
	ra_free(cg, t);
	ra_free(cg, cr);
	ra_free(cg, hi);
	ra_free(cg, lo);
}

/* min, max: replace when unset or beyond */
static void minmax_update(struct cg *cg, int v, int x, bool is_min)
{
	int keep = emit_label_new(cg->e), set = emit_label_new(cg->e);
	int t = ra_alloc(cg);

	emit(cg->e, I_LDX_MEM(BPF_DW, t, v, 0));
	emit_jmp_imm(cg->e, BPF_JEQ, t, 0, set);
	emit(cg->e, I_LDX_MEM(BPF_DW, t, v, 8));
	emit_jmp_reg(cg->e, is_min ? BPF_JSGE : BPF_JSLE, x, t, keep);
	emit_label_place(cg->e, set);
	emit(cg->e, I_STX_MEM(BPF_DW, v, x, 8));
	emit_label_place(cg->e, keep);
	ra_free(cg, t);
	add_word(cg, v, 0, -1, 1);
}

static void update(struct cg *cg, const struct dagg *g, int v, int x, int incr)
{
	switch (g->func) {
	case AGG_COUNT:
		add_word(cg, v, 0, -1, 1);
		break;
	case AGG_SUM:
	case AGG_AVG:
		add_word(cg, v, 0, -1, 1);
		add_word(cg, v, 8, x, 0);
		break;
	case AGG_MIN:
	case AGG_MAX:
		minmax_update(cg, v, x, g->func == AGG_MIN);
		break;
	case AGG_STDDEV:
		stddev_update(cg, v, x);
		break;
	case AGG_QUANTIZE:
	case AGG_LQUANTIZE:
	case AGG_LLQUANTIZE: {
		int idx = g->func == AGG_QUANTIZE ? quantize_index(cg, x) :
			  g->func == AGG_LQUANTIZE ? lquantize_index(cg, g, x) :
			  llquantize_index(cg, g, x);

		add_word(cg, v, 0, -1, 1);
		bump_bucket(cg, g, v, idx, incr);
		break;
	}
	}
}

/* the increment argument of quantize(), lquantize(), llquantize() */
static struct node *incr_arg(const struct dsym *y, struct node *call)
{
	int at = y->func == DF_QUANTIZE ? 1 : y->func == DF_LQUANTIZE ? 4 :
		 y->func == DF_LLQUANTIZE ? 5 : -1;
	struct node *a = call->args;

	if (at < 0)
		return NULL;
	while (a && at-- > 0)
		a = a->next;
	return a;
}

int cg_aggregate(struct cg *cg, struct node *assign)
{
	struct node *lhs = assign->lhs;
	struct node *aggn = lhs->kind == NK_AGG ? lhs : lhs->lhs;
	struct node *keys = lhs->kind == NK_INDEX ? lhs->args : NULL;
	struct node *call = assign->rhs;
	struct dsym *y = aggn->sym;
	struct node *in = incr_arg(y, call);
	int x = -1, incr = -1;

	cg_agg_define(cg, y);
	/* the value and the increment are used as computed, in 64 bits, as
	 * DTrace uses them: they are not stored, so not narrowed to their
	 * type (sum(1 << 40) of an int adds 2^40), unlike a key */
	if (y->func != DF_COUNT)
		x = cg_operand(cg, call->args);
	if (in)
		incr = cg_operand(cg, in);
	const struct dagg *g = &cg->obj->aggs.data[y->agg_index];
	/* a keyless aggregation's key is FRAME_KEY0: nothing to build */
	int skip = emit_label_new(cg->e), done = emit_label_new(cg->e);
	uint32_t k = g->nkeys ? build_key(cg, g, keys, skip) : 0;
	int v = lookup_or_insert(cg, g, k, skip);

	update(cg, g, v, x, incr);
	ra_free(cg, v);
	emit_ja(cg->e, done);
	emit_label_place(cg->e, skip);
	/* the map (or a stack's side map) is full */
	cg_count_drop(cg, DSTAT_AGG_DROPS);
	emit_label_place(cg->e, done);
	if (x >= 0)
		ra_free(cg, x);
	if (incr >= 0)
		ra_free(cg, incr);
	return 0;
}

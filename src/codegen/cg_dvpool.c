/*
 * The dynamic variable space: as in DTrace, dynvarsize bounds the
 * thread-local variables and associative array elements of a program
 * together, not each variable alone.  DTrace for Linux counts it in
 * elements: dynvarsize divided by the largest tuple (a 4-byte variable
 * id, the keys at their natural sizes and alignments, an 8-byte thread
 * key) plus the largest value, so that a few bytes hold a few ints and
 * a space too small for one element refuses to enable tracing.
 *
 * Each variable keeps its own BPF hash map (cg_dvar.c); a counter in
 * the globals map holds the elements in use across all of them.  A new
 * element claims one (an atomic fetch-and-add) and gives it back when
 * the space is full, when its map is full, or when it is deleted.
 */
#include "cg.h"

#include "../runtime/options.h"

/* DTrace's size of a value of type t in a dynamic variable */
static uint64_t value_bytes(const struct dopts *o, const struct dtype *t)
{
	if (type_is_string(t))
		return o->strsize;
	return t->kind == DT_PTR ? 8 : t->size;
}

/* DTrace's tuple for keys: a variable id, the keys, a thread key */
static uint64_t tuple_bytes(const struct dopts *o, const struct dsym *y)
{
	uint64_t size = 4;

	for (int i = 0; i < y->nkeys; i++) {
		uint64_t ks = value_bytes(o, y->keys[i]);

		if (type_is_string(y->keys[i]))
			size += ks + 1;
		else if (type_is_scalar(y->keys[i]) && ks)
			size = ((size + ks - 1) & ~(ks - 1)) + ks;
		else
			size += ks;
	}
	return size + 8;
}

uint64_t cg_dvpool_limit(const struct dopts *o, struct dsym *const *syms,
			 size_t n)
{
	uint64_t tuple = 0, value = 0;
	bool any = false;

	for (size_t i = 0; i < n; i++) {
		const struct dsym *y = syms[i];

		if (y->kind != SYM_SELF && y->kind != SYM_ASSOC)
			continue;
		any = true;
		if (value_bytes(o, y->type) > value)
			value = value_bytes(o, y->type);
		if (y->nkeys && tuple_bytes(o, y) > tuple)
			tuple = tuple_bytes(o, y);
	}
	if (!any)
		return UINT64_MAX;
	return o->dynvarsize / (tuple + (value ? value : 1));
}

/* r = the counter's address in the globals map */
static int counter(struct cg *cg)
{
	int r = ra_alloc(cg);

	emit_ld_map_value(cg->e, r, DMAP_GLOBALS, (uint32_t)cg->dvpool_global);
	return r;
}

void cg_dvpool_claim(struct cg *cg, int full_label)
{
	int c = counter(cg), v = ra_alloc(cg), ok = emit_label_new(cg->e);

	emit(cg->e, I_MOV64_IMM(v, 1));
	emit(cg->e, I_ATOMIC_FETCH_ADD(BPF_DW, c, v, 0));
	if (cg->dvpool_limit <= INT32_MAX) {
		emit_jmp_imm(cg->e, BPF_JLT, v, (int32_t)cg->dvpool_limit, ok);
	} else {
		int lim = ra_alloc(cg);

		emit_ld_imm64(cg->e, lim, cg->dvpool_limit);
		emit_jmp_reg(cg->e, BPF_JLT, v, lim, ok);
		ra_free(cg, lim);
	}
	emit(cg->e, I_MOV64_IMM(v, -1));
	emit(cg->e, I_ATOMIC_ADD(BPF_DW, c, v, 0));
	ra_free(cg, v);
	ra_free(cg, c);
	emit_ja(cg->e, full_label);
	emit_label_place(cg->e, ok);
}

void cg_dvpool_release(struct cg *cg)
{
	int c = counter(cg), v = ra_alloc(cg);

	emit(cg->e, I_MOV64_IMM(v, -1));
	emit(cg->e, I_ATOMIC_ADD(BPF_DW, c, v, 0));
	ra_free(cg, v);
	ra_free(cg, c);
}

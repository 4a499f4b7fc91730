/*
 * Code generation for speculation: speculation(), speculate(), commit()
 * and discard().
 *
 * The speculations are one array-map element (dobj.spec_map) holding a
 * struct spec_slot per id, so that BPF addresses them directly.
 * speculation() claims an inactive slot with a compare-and-exchange;
 * speculate() tags the clause's record with the id (with id 0 or an
 * inactive one the rest of the clause is skipped), and the record goes
 * out (at cg_record_end, through cg_spec_gate) only while the slot is
 * active and within specsize; commit() and discard() move the slot to
 * committing or discarding and write a control record.  The consumer
 * holds speculative records per id, prints or drops them when the
 * control record arrives (the single ring buffer keeps the order), and
 * then frees the slot.  The design is in docs/design.md, "Speculation".
 */
#include "cg.h"

#include <string.h>

#include "../runtime/options.h"

/* DTrace has no limit; a speculation() call unrolls one test per id */
#define SPEC_MAX	256

/* The speculation map, created by the first use; its index. */
static int spec_map(struct cg *cg, struct node *n)
{
	struct dobj *o = cg->obj;

	if (o->spec_map > 0)
		return o->spec_map;
	if (cg->opts->nspec > SPEC_MAX) {
		cg_fail(cg, n, "nspec %llu is more than the %d speculations "
			"supported", (unsigned long long)cg->opts->nspec,
			SPEC_MAX);
		return -1;
	}
	uint32_t n_slots = cg->opts->nspec ? (uint32_t)cg->opts->nspec : 1;
	struct dmap m = { .name = "dt_spec", .type = BPF_MAP_TYPE_ARRAY,
			  .key_size = 4,
			  .value_size = n_slots * sizeof(struct spec_slot),
			  .max_entries = 1,
			  /* the consumer frees slots with atomic stores */
			  .flags = BPF_F_MMAPABLE };

	o->nspec = (uint32_t)cg->opts->nspec;
	o->spec_map = dobj_add_map(o, &m);
	return o->spec_map;
}

/* ptr = &slot[id - 1]; id (kept) already checked to be 1 .. nspec */
static int slot_ptr(struct cg *cg, int map, int id)
{
	int p = ra_alloc(cg), k = ra_alloc(cg);
	int32_t last = cg->opts->nspec ? (int32_t)cg->opts->nspec - 1 : 0;

	emit(cg->e, I_MOV64_REG(k, id));
	emit(cg->e, I_ALU64_IMM(BPF_SUB, k, 1));
	/* never taken; older verifiers (Linux 6.1's) do not learn id >= 1
	 * from the caller's id != 0 test, so id - 1 may be -1 to them */
	emit(cg->e, I_JMP_IMM(BPF_JLE, k, last, 1));
	emit(cg->e, I_MOV64_IMM(k, 0));
	emit(cg->e, I_ALU64_IMM(BPF_LSH, k, 4));
	emit_ld_map_value(cg->e, p, map, 0);
	emit(cg->e, I_ALU64_REG(BPF_ADD, p, k));
	ra_free(cg, k);
	return p;
}

/*
 * speculation(): the first inactive id, claimed; 0 if none, counted as
 * busy when some speculation is still being committed or discarded
 * (it will be free once the consumer has seen it), else unavailable.
 */
int cg_spec_speculation(struct cg *cg, struct node *call)
{
	int map = spec_map(cg, call);
	int res = ra_alloc(cg), busy = ra_alloc(cg), p = ra_alloc(cg);
	int one = ra_alloc(cg);
	int done = emit_label_new(cg->e), unavail = emit_label_new(cg->e);

	if (map < 0)
		return res;
	emit(cg->e, I_MOV64_IMM(res, 0));
	emit(cg->e, I_MOV64_IMM(busy, 0));
	emit_ld_map_value(cg->e, p, map, 0);
	for (uint32_t i = 0; i < cg->obj->nspec; i++) {
		int16_t off = (int16_t)(i * sizeof(struct spec_slot));
		int next = emit_label_new(cg->e), cont = emit_label_new(cg->e);

		emit(cg->e, I_MOV64_IMM(R0, SPECST_INACTIVE));
		emit(cg->e, I_MOV64_IMM(one, SPECST_ACTIVE));
		emit(cg->e, I_ATOMIC_CMPXCHG(BPF_W, p, one, off));
		emit_jmp_imm(cg->e, BPF_JNE, R0, SPECST_INACTIVE, next);
		emit(cg->e, I_ST_MEM(BPF_DW, p, off + 8, 0));
		emit(cg->e, I_MOV64_IMM(res, (int32_t)i + 1));
		emit_ja(cg->e, done);
		emit_label_place(cg->e, next);
		emit_jmp_imm(cg->e, BPF_JLT, R0, SPECST_COMMITTING, cont);
		emit(cg->e, I_MOV64_IMM(busy, 1));
		emit_label_place(cg->e, cont);
	}
	ra_free(cg, p);
	ra_free(cg, one);
	emit_jmp_imm(cg->e, BPF_JEQ, busy, 0, unavail);
	cg_count_drop(cg, DSTAT_SPEC_BUSY);
	emit_ja(cg->e, done);
	emit_label_place(cg->e, unavail);
	cg_count_drop(cg, DSTAT_SPEC_UNAVAIL);
	emit_label_place(cg->e, done);
	ra_free(cg, busy);
	return res;
}

/* id in a new register; faults (illegal operation) unless 0 .. nspec */
static int spec_id(struct cg *cg, struct node *call)
{
	int map = spec_map(cg, call);
	int id = cg_expr(cg, call->args);
	int ok = emit_label_new(cg->e);

	if (map < 0)
		return id;
	emit_jmp_imm(cg->e, BPF_JLE, id, (int32_t)cg->obj->nspec, ok);
	cg_fault(cg, DFLT_ILLOP, -1);
	emit_label_place(cg->e, ok);
	return id;
}

/* commit() or discard(): hand the speculation over to the consumer. */
static void spec_end(struct cg *cg, struct node *call, enum spec_op op)
{
	int id = spec_id(cg, call);
	int done = emit_label_new(cg->e), sent = emit_label_new(cg->e);

	emit_jmp_imm(cg->e, BPF_JEQ, id, 0, done);
	int p = slot_ptr(cg, cg->obj->spec_map, id), nv = ra_alloc(cg);

	emit(cg->e, I_MOV64_IMM(R0, SPECST_ACTIVE));
	emit(cg->e, I_MOV64_IMM(nv, op == SPEC_COMMIT ? SPECST_COMMITTING :
				SPECST_DISCARDING));
	emit(cg->e, I_ATOMIC_CMPXCHG(BPF_W, p, nv, 0));
	ra_free(cg, nv);
	/* not active (never claimed, or already ended): ignored, as DTrace */
	emit_jmp_imm(cg->e, BPF_JNE, R0, SPECST_ACTIVE, done);

	uint32_t off = cg_scratch(cg, sizeof(struct rec_hdr) +
				       sizeof(struct rec_spec));
	int s = offsetof(struct dctx, scratch) + (int32_t)off;
	int r = cg_call(cg, BPF_FUNC_get_smp_processor_id, NULL, 0, true);

	emit(cg->e, I_STX_MEM(BPF_W, REG_DCTX, r, s + offsetof(struct rec_hdr, cpu)));
	emit(cg->e, I_LDX_MEM(BPF_W, r, REG_DCTX, offsetof(struct dctx, prid)));
	emit(cg->e, I_STX_MEM(BPF_W, REG_DCTX, r, s + offsetof(struct rec_hdr, prid)));
	ra_free(cg, r);
	emit(cg->e, I_ST_MEM(BPF_W, REG_DCTX, s + offsetof(struct rec_hdr, epid),
			     (int32_t)REC_EPID_SPEC));
	emit(cg->e, I_STX_MEM(BPF_W, REG_DCTX, id, s + offsetof(struct rec_hdr, spec)));
	emit(cg->e, I_ST_MEM(BPF_DW, REG_DCTX, s + (int)sizeof(struct rec_hdr), 0));
	emit(cg->e, I_ST_MEM(BPF_W, REG_DCTX, s + (int)sizeof(struct rec_hdr) +
			     offsetof(struct rec_spec, op), op));
	struct cg_arg args[] = { ARG_MAP(DMAP_RINGBUF), ARG_DCTX(off),
				 ARG_IMM(sizeof(struct rec_hdr) + sizeof(struct rec_spec)),
				 ARG_IMM(0) };

	r = cg_call(cg, BPF_FUNC_ringbuf_output, args, 4, true);
	emit_jmp_imm(cg->e, BPF_JEQ, r, 0, sent);
	ra_free(cg, r);
	/* the consumer finds it by its state (session.c's spec_sweep) */
	emit(cg->e, I_ST_MEM(BPF_W, p, 0, op == SPEC_COMMIT ?
			     SPECST_COMMIT_LOST : SPECST_DISCARD_LOST));
	emit_label_place(cg->e, sent);
	ra_free(cg, p);
	emit_label_place(cg->e, done);
	ra_free(cg, id);
}

int cg_spec_action(struct cg *cg, struct node *call, enum dfunc f)
{
	if (f == DF_COMMIT || f == DF_DISCARD) {
		spec_end(cg, call, f == DF_COMMIT ? SPEC_COMMIT : SPEC_DISCARD);
		return 0;
	}
	/* speculate(): sema made it come first, before any data */
	int map = spec_map(cg, call);
	int id = cg_expr(cg, call->args);

	if (map < 0)
		return 0;
	emit(cg->e, I_STX_MEM(BPF_W, REG_DCTX, id, offsetof(struct dctx, scratch) +
			      offsetof(struct rec_hdr, spec)));
	/* speculate(0), an id past nspec or an inactive one: as in Oracle's
	 * DTrace, the rest of the clause does not run (no fault; commit()
	 * and discard() of an id past nspec do fault) */
	emit_jmp_imm(cg->e, BPF_JEQ, id, 0, cg->clause_end);
	emit_jmp_imm(cg->e, BPF_JGT, id, (int32_t)cg->obj->nspec, cg->clause_end);
	int p = slot_ptr(cg, cg->obj->spec_map, id);

	emit(cg->e, I_LDX_MEM(BPF_W, p, p, 0));
	emit_jmp_imm(cg->e, BPF_JNE, p, SPECST_ACTIVE, cg->clause_end);
	ra_free(cg, p);
	ra_free(cg, id);
	cg->spec_clause = cg->clause;
	return 0;
}

void cg_spec_overflow(struct cg *cg)
{
	int r = ra_alloc(cg), ok = emit_label_new(cg->e);

	/* the id is not 0 here (speculate() skipped the clause otherwise),
	 * but the verifier cannot know it: the code after stays reachable */
	emit(cg->e, I_LDX_MEM(BPF_W, r, REG_DCTX, offsetof(struct dctx, scratch) +
			      offsetof(struct rec_hdr, spec)));
	emit_jmp_imm(cg->e, BPF_JEQ, r, 0, ok);
	ra_free(cg, r);
	cg_count_drop(cg, DSTAT_SPEC_DROPS);
	emit_ja(cg->e, cg->clause_end);
	emit_label_place(cg->e, ok);
}

int cg_spec_gate(struct cg *cg, uint32_t size)
{
	int skip = emit_label_new(cg->e), ok = emit_label_new(cg->e);
	int id = ra_alloc(cg);

	emit(cg->e, I_LDX_MEM(BPF_W, id, REG_DCTX, offsetof(struct dctx, scratch) +
			      offsetof(struct rec_hdr, spec)));
	/* speculate(0), or no such speculation: the data goes nowhere */
	emit_jmp_imm(cg->e, BPF_JEQ, id, 0, skip);
	emit_jmp_imm(cg->e, BPF_JGT, id, (int32_t)cg->obj->nspec, skip);
	int p = slot_ptr(cg, cg->obj->spec_map, id);

	emit(cg->e, I_LDX_MEM(BPF_W, id, p, 0));
	emit_jmp_imm(cg->e, BPF_JNE, id, SPECST_ACTIVE, skip);
	emit(cg->e, I_MOV64_IMM(id, (int32_t)size));
	emit(cg->e, I_ATOMIC_FETCH_ADD(BPF_DW, p, id, 8));
	ra_free(cg, p);
	emit(cg->e, I_ALU64_IMM(BPF_ADD, id, (int32_t)size));
	if (cg->opts->specsize <= INT32_MAX) {
		emit_jmp_imm(cg->e, BPF_JLE, id, (int32_t)cg->opts->specsize, ok);
	} else {
		int lim = ra_alloc(cg);

		emit_ld_imm64(cg->e, lim, cg->opts->specsize);
		emit_jmp_reg(cg->e, BPF_JLE, id, lim, ok);
		ra_free(cg, lim);
	}
	ra_free(cg, id);
	cg_count_drop(cg, DSTAT_SPEC_DROPS);
	emit_ja(cg->e, skip);
	emit_label_place(cg->e, ok);
	return skip;
}

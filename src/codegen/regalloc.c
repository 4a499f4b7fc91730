/*
 * Register allocation for expression temporaries, and helper calls.
 *
 * Temporaries come from r6-r8 first (they survive calls), then r1-r5.
 * A helper call spills every live r1-r5 temporary to its fixed stack
 * slot, loads the arguments (from registers, spill slots, immediates or
 * addresses), calls, reloads the survivors, and moves r0 into a fresh
 * temporary.  Because every caller-saved temporary is in its slot before
 * any argument register is written, argument setup needs no ordering.
 * When a deep expression's parents hold most registers, cg_spill.c
 * moves their values to the stack around the subexpression's code; a
 * single node that needs more than eight is still refused here.
 */
#include <stdarg.h>

#include "cg.h"

static const int alloc_order[] = { R6, R7, R8, R1, R2, R3, R4, R5 };

int ra_alloc(struct cg *cg)
{
	for (size_t i = 0; i < sizeof(alloc_order) / sizeof(alloc_order[0]); i++) {
		int r = alloc_order[i];

		if (!(cg->busy & (1u << r))) {
			cg->busy |= 1u << r;
			cg->alloc_at[r] = (uint32_t)cg->e->len;
			return r;
		}
	}
	diag_error(cg->diag, cg->expr_at ? cg->expr_at->loc :
		   cg->clause ? cg->clause->loc : (struct srcloc){ 0 },
		   D_UNSUPPORTED,
		   "expression too complex: out of registers (not supported yet)");
	cg->busy |= 1u << R8;	/* keep going; the error is sticky */
	return R8;
}

void ra_free(struct cg *cg, int reg)
{
	cg->busy &= ~(1u << reg);
}

bool ra_ok(struct cg *cg)
{
	return cg->busy == 0;
}

static bool caller_saved(int r)
{
	return r >= R1 && r <= R5;
}

static void load_arg(struct cg *cg, int dst, const struct cg_arg *a)
{
	switch (a->kind) {
	case CA_REG:
		if (caller_saved(a->reg))
			emit(cg->e, I_LDX_MEM(BPF_DW, dst, REG_FP,
					      FRAME_SPILL(a->reg)));
		else if (a->reg != dst)
			emit(cg->e, I_MOV64_REG(dst, a->reg));
		break;
	case CA_IMM:
		if (a->imm >= INT32_MIN && a->imm <= INT32_MAX)
			emit(cg->e, I_MOV64_IMM(dst, a->imm));
		else
			emit_ld_imm64(cg->e, dst, (uint64_t)a->imm);
		break;
	case CA_MAP:
		emit_ld_map(cg->e, dst, (int)a->imm);
		break;
	case CA_MAPGEN: {
		/* the generation word, then the map it names, in dst alone;
		 * the verifier takes either map at the call (it only stops
		 * inlining the lookup there) */
		int two = emit_label_new(cg->e), done = emit_label_new(cg->e);

		emit_ld_map_value(cg->e, dst, cg->obj->agg_gen, 0);
		emit(cg->e, I_LDX_MEM(BPF_W, dst, dst, 0));
		emit_jmp_imm(cg->e, BPF_JNE, dst, 0, two);
		emit_ld_map(cg->e, dst, (int)a->imm);
		emit_ja(cg->e, done);
		emit_label_place(cg->e, two);
		emit_ld_map(cg->e, dst, a->alt);
		emit_label_place(cg->e, done);
		break;
	}
	case CA_DCTX:
		emit(cg->e, I_MOV64_REG(dst, REG_DCTX));
		emit(cg->e, I_ALU64_IMM(BPF_ADD, dst,
					offsetof(struct dctx, scratch) + a->imm));
		break;
	case CA_FP:
		emit(cg->e, I_MOV64_REG(dst, REG_FP));
		emit(cg->e, I_ALU64_IMM(BPF_ADD, dst, a->imm));
		break;
	}
}

int cg_call(struct cg *cg, int fn, const struct cg_arg *args, int nargs,
	    bool want_result)
{
	uint16_t live = cg->busy;

	cg_thread_check_helper(cg, fn);
	for (int r = R1; r <= R5; r++)
		if (live & (1u << r))
			emit(cg->e, I_STX_MEM(BPF_DW, REG_FP, r, FRAME_SPILL(r)));
	for (int i = 0; i < nargs; i++)
		load_arg(cg, R1 + i, &args[i]);
	for (int i = 0; i < nargs; i++)
		if (args[i].kind == CA_REG)
			ra_free(cg, args[i].reg);
	emit(cg->e, I_CALL(fn));
	for (int r = R1; r <= R5; r++)
		if (cg->busy & (1u << r))
			emit(cg->e, I_LDX_MEM(BPF_DW, r, REG_FP, FRAME_SPILL(r)));
	if (!want_result)
		return -1;
	int res = ra_alloc(cg);

	emit(cg->e, I_MOV64_REG(res, R0));
	return res;
}

int cg_fail(struct cg *cg, struct node *n, const char *fmt, ...)
{
	va_list ap;
	char msg[256];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	diag_error(cg->diag, n->loc, D_UNSUPPORTED, "%s", msg);
	return -1;
}

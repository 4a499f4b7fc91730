/*
 * Code sequences the provider prologues share: the constant probe id of
 * a single-probe attach point, zeroed arguments, and a context field
 * loaded with its width and sign into dctx->args[i].
 */
#include <stddef.h>

#include "../codegen/dctx.h"
#include "../codegen/emit.h"
#include "prov.h"

int16_t prov_argoff(int i)
{
	return (int16_t)(offsetof(struct dctx, args) + 8 * (size_t)i);
}

void prov_emit_const_prid(const struct attach *at, struct emit *e,
			  int exit_label)
{
	emit(e, I_MOV64_IMM(R7, at->probes[0]->id));
}

void prov_emit_zero_args(struct emit *e, int from, int nargs)
{
	for (int i = from; i < nargs && i < DCTX_NARGS; i++)
		emit(e, I_ST_MEM(BPF_DW, REG_DCTX, prov_argoff(i), 0));
}

static int bpf_size(uint32_t size)
{
	switch (size) {
	case 1:
		return BPF_B;
	case 2:
		return BPF_H;
	case 4:
		return BPF_W;
	default:
		return BPF_DW;
	}
}

/*
 * A __data_loc field's argument is an address inside the context.  The
 * verifier forbids arithmetic that leads to dereferencing the context at
 * a variable offset, and we only want the value anyway, so the context
 * pointer is stored in dctx->ctx and read back as a plain number.
 */
static void emit_dataloc(struct emit *e, int i, const struct probe_arg *a)
{
	int16_t ctxoff = (int16_t)offsetof(struct dctx, ctx);

	emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R6, ctxoff));
	emit(e, I_LDX_MEM(BPF_W, R1, R6, (int16_t)a->offset));
	emit(e, I_ALU64_IMM(BPF_AND, R1, 0xffff));
	emit(e, I_LDX_MEM(BPF_DW, R2, REG_DCTX, ctxoff));
	emit(e, I_ALU64_REG(BPF_ADD, R1, R2));
	emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R1, prov_argoff(i)));
}

void prov_emit_field(struct emit *e, int i, const struct probe_arg *a)
{
	if (i >= DCTX_NARGS)
		return;
	if (a->is_dataloc && a->size == 4) {
		emit_dataloc(e, i, a);
		return;
	}
	if (a->size == 0) {
		prov_emit_zero_args(e, i, i + 1);
		return;
	}
	emit(e, I_LDX_MEM(bpf_size(a->size), R1, R6, (int16_t)a->offset));
	if (a->is_signed && a->size < 8) {
		int sh = 64 - 8 * (int)a->size;

		emit(e, I_ALU64_IMM(BPF_LSH, R1, sh));
		emit(e, I_ALU64_IMM(BPF_ARSH, R1, sh));
	}
	emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R1, prov_argoff(i)));
}

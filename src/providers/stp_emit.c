/*
 * BPF for the stable providers' expressions (struct stp_rx): a tree
 * walk leaving each value in R0, and the stores into a provider's map.  The left operand of a binary operator
 * waits in a stack slot of its depth below STP_FRAME while the right
 * one is computed (helper calls clobber R1-R5), and a member is read
 * into its depth's slot with bpf_probe_read_kernel: a NULL pointer or
 * memory that cannot be read gives 0, so a prologue never faults.  R6
 * (the context) and R7-R9 are never touched.
 */
#include <stddef.h>

#include "../codegen/dctx.h"
#include "../codegen/emit.h"
#include "stp.h"

/* below the code generator's own slots (codegen/cg.h: -8 .. -96) */
#define STP_FRAME	(-128)
#define STP_DEPTH	16
#define SLOT(d)		((int16_t)(STP_FRAME - 8 * (d)))
/* a map entry being stored: its values, in order, below the
 * temporaries, then its key */
#define VAL_SLOT(i)	((int16_t)(SLOT(STP_DEPTH + STP_NVALS - 1) + 8 * (i)))
#define KEY_SLOT	SLOT(STP_DEPTH + STP_NVALS)

static void eval(struct emit *e, const struct stp_rx *x, int d, int map);

static void emit_member(struct emit *e, const struct stp_rx *x, int d,
			int map)
{
	static const int sz[] = { [1] = BPF_B, [2] = BPF_H, [4] = BPF_W,
				  [8] = BPF_DW };
	int zero = emit_label_new(e), done = emit_label_new(e);

	eval(e, x->a, d, map);
	emit_jmp_imm(e, BPF_JEQ, R0, 0, zero);
	emit(e, I_MOV64_REG(R3, R0));
	emit(e, I_ALU64_IMM(BPF_ADD, R3, (int32_t)x->off));
	emit(e, I_MOV64_REG(R1, REG_FP));
	emit(e, I_ALU64_IMM(BPF_ADD, R1, SLOT(d)));
	emit(e, I_MOV64_IMM(R2, x->size));
	emit(e, I_CALL(BPF_FUNC_probe_read_kernel));
	emit_jmp_imm(e, BPF_JNE, R0, 0, zero);
	emit(e, I_LDX_MEM(sz[x->size], R0, REG_FP, SLOT(d)));
	if (x->is_signed && x->size < 8) {
		int sh = 64 - 8 * x->size;

		emit(e, I_ALU64_IMM(BPF_LSH, R0, sh));
		emit(e, I_ALU64_IMM(BPF_ARSH, R0, sh));
	}
	emit_ja(e, done);
	emit_label_place(e, zero);
	emit(e, I_MOV64_IMM(R0, 0));
	emit_label_place(e, done);
}

/* R0 = (R0 op R1) as 0 or 1 */
static void emit_compare(struct emit *e, int jop)
{
	int yes = emit_label_new(e), done = emit_label_new(e);

	emit_jmp_reg(e, jop, R0, R1, yes);
	emit(e, I_MOV64_IMM(R0, 0));
	emit_ja(e, done);
	emit_label_place(e, yes);
	emit(e, I_MOV64_IMM(R0, 1));
	emit_label_place(e, done);
}

/* a && b, a || b: R0 = 0 or 1, b only when it decides */
static void emit_logical(struct emit *e, const struct stp_rx *x, int d,
			 int map)
{
	int out = emit_label_new(e), done = emit_label_new(e);
	bool and = x->op == SX_LAND;

	eval(e, x->a, d, map);
	emit_jmp_imm(e, and ? BPF_JEQ : BPF_JNE, R0, 0, out);
	eval(e, x->b, d, map);
	emit_jmp_imm(e, and ? BPF_JEQ : BPF_JNE, R0, 0, out);
	emit(e, I_MOV64_IMM(R0, and ? 1 : 0));
	emit_ja(e, done);
	emit_label_place(e, out);
	emit(e, I_MOV64_IMM(R0, and ? 0 : 1));
	emit_label_place(e, done);
}

static void emit_binary(struct emit *e, const struct stp_rx *x, int d,
			int map)
{
	eval(e, x->b, d, map);
	emit(e, I_STX_MEM(BPF_DW, REG_FP, R0, SLOT(d)));
	eval(e, x->a, d + 1, map);
	emit(e, I_LDX_MEM(BPF_DW, R1, REG_FP, SLOT(d)));
	switch (x->op) {
	case SX_ADD:
		emit(e, I_ALU64_REG(BPF_ADD, R0, R1));
		break;
	case SX_SUB:
		emit(e, I_ALU64_REG(BPF_SUB, R0, R1));
		break;
	case SX_AND:
		emit(e, I_ALU64_REG(BPF_AND, R0, R1));
		break;
	case SX_SHL:
		emit(e, I_ALU64_REG(BPF_LSH, R0, R1));
		break;
	case SX_XOR:
		emit(e, I_ALU64_REG(BPF_XOR, R0, R1));
		break;
	case SX_EQ:
		emit_compare(e, BPF_JEQ);
		break;
	case SX_NE:
		emit_compare(e, BPF_JNE);
		break;
	case SX_LT:
		emit_compare(e, BPF_JSLT);
		break;
	default:	/* SX_GT */
		emit_compare(e, BPF_JSGT);
		break;
	}
}

static void emit_cond(struct emit *e, const struct stp_rx *x, int d,
		      int map)
{
	int no = emit_label_new(e), done = emit_label_new(e);

	eval(e, x->a, d, map);
	emit_jmp_imm(e, BPF_JEQ, R0, 0, no);
	eval(e, x->b, d, map);
	emit_ja(e, done);
	emit_label_place(e, no);
	eval(e, x->c, d, map);
	emit_label_place(e, done);
}

/* R0 = the entry of map at key a (its first value's address), or 0 */
static void emit_lookup(struct emit *e, const struct stp_rx *x, int d, int map)
{
	eval(e, x->a, d, map);
	emit(e, I_STX_MEM(BPF_DW, REG_FP, R0, SLOT(d)));
	emit_ld_map(e, R1, map);
	emit(e, I_MOV64_REG(R2, REG_FP));
	emit(e, I_ALU64_IMM(BPF_ADD, R2, SLOT(d)));
	emit(e, I_CALL(BPF_FUNC_map_lookup_elem));
}

static void emit_get(struct emit *e, const struct stp_rx *x, int d, int map)
{
	int none = emit_label_new(e), done = emit_label_new(e);

	emit_lookup(e, x, d, map);
	emit_jmp_imm(e, BPF_JEQ, R0, 0, none);
	if (x->op == SX_GET)
		emit(e, I_LDX_MEM(BPF_DW, R0, R0, (int16_t)(8 * x->imm)));
	else
		emit(e, I_MOV64_IMM(R0, 1));
	emit_ja(e, done);
	emit_label_place(e, none);
	emit(e, I_MOV64_IMM(R0, 0));
	emit_label_place(e, done);
}

static void eval(struct emit *e, const struct stp_rx *x, int d, int map)
{
	if (d >= STP_DEPTH) {	/* the tables are shallow: a bug */
		emit(e, I_MOV64_IMM(R0, 0));
		return;
	}
	switch (x->op) {
	case SX_RAW:
		emit(e, I_LDX_MEM(BPF_DW, R0, R6, (int16_t)(8 * x->imm)));
		break;
	case SX_FN:	/* the function's cookie */
		emit(e, I_MOV64_REG(R1, R6));
		emit(e, I_CALL(BPF_FUNC_get_attach_cookie));
		break;
	case SX_CTX:
		emit(e, I_LDX_MEM(BPF_DW, R0, R6, (int16_t)x->imm));
		break;
	case SX_IMM: case SX_KSYM:	/* a symbol resolves to its address */
		if (x->imm == (int32_t)x->imm)
			emit(e, I_MOV64_IMM(R0, (int32_t)x->imm));
		else
			emit_ld_imm64(e, R0, (uint64_t)x->imm);
		break;
	case SX_CUR:
		emit(e, I_CALL(BPF_FUNC_get_current_task));
		break;
	case SX_TID:
		emit(e, I_CALL(BPF_FUNC_get_current_pid_tgid));
		emit(e, I_MOV32_REG(R0, R0));
		break;
	case SX_NOW:
		emit(e, I_CALL(BPF_FUNC_ktime_get_ns));
		break;
	case SX_CPU:
		emit(e, I_CALL(BPF_FUNC_get_smp_processor_id));
		break;
	case SX_MEMBER:
		emit_member(e, x, d, map);
		break;
	case SX_PDATA:
		emit(e, I_MOV64_REG(R0, REG_DCTX));
		emit(e, I_ALU64_IMM(BPF_ADD, R0, (int32_t)(offsetof(struct dctx,
						pdata) + 8 * x->imm)));
		break;
	case SX_GET: case SX_HAS:
		emit_get(e, x, d, map);
		break;
	case SX_NEG:
		eval(e, x->a, d, map);
		emit(e, I_NEG64(R0));
		break;
	case SX_NOT:
		eval(e, x->a, d, map);
		emit(e, I_MOV64_IMM(R1, 0));
		emit_compare(e, BPF_JEQ);
		break;
	case SX_LAND: case SX_LOR:
		emit_logical(e, x, d, map);
		break;
	case SX_COND:
		emit_cond(e, x, d, map);
		break;
	default:
		emit_binary(e, x, d, map);
		break;
	}
}

void stp_emit_expr(struct emit *e, const struct stp_rx *x, int map)
{
	eval(e, x, 0, map);
}

void stp_emit_store(struct emit *e, int map, const struct stp_rx *key,
		    const struct stp_rx *const *vals)
{
	for (int i = 0; vals && i < STP_NVALS; i++) {
		if (vals[i])
			eval(e, vals[i], 0, map);
		else
			emit(e, I_MOV64_IMM(R0, 0));
		emit(e, I_STX_MEM(BPF_DW, REG_FP, R0, VAL_SLOT(i)));
	}
	eval(e, key, 0, map);
	emit(e, I_STX_MEM(BPF_DW, REG_FP, R0, KEY_SLOT));
	emit_ld_map(e, R1, map);
	emit(e, I_MOV64_REG(R2, REG_FP));
	emit(e, I_ALU64_IMM(BPF_ADD, R2, KEY_SLOT));
	if (!vals) {
		emit(e, I_CALL(BPF_FUNC_map_delete_elem));
		return;
	}
	emit(e, I_MOV64_REG(R3, REG_FP));
	emit(e, I_ALU64_IMM(BPF_ADD, R3, VAL_SLOT(0)));
	emit(e, I_MOV64_IMM(R4, BPF_ANY));
	emit(e, I_CALL(BPF_FUNC_map_update_elem));
}

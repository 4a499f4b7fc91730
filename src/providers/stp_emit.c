/*
 * BPF for the stable providers' expressions (struct stp_rx): a tree
 * walk leaving each value in R0.  The left operand of a binary operator
 * waits in a stack slot of its depth below STP_FRAME while the right
 * one is computed (helper calls clobber R1-R5), and a member is read
 * into its depth's slot with bpf_probe_read_kernel: a NULL pointer or
 * memory that cannot be read gives 0, so a prologue never faults.  R6
 * (the context) and R7-R9 are never touched.
 */
#include "../codegen/emit.h"
#include "stp.h"

/* below the code generator's own slots (codegen/cg.h: -8 .. -96) */
#define STP_FRAME	(-128)
#define STP_DEPTH	16
#define SLOT(d)		((int16_t)(STP_FRAME - 8 * (d)))

static void eval(struct emit *e, const struct stp_rx *x, int d);

static void emit_member(struct emit *e, const struct stp_rx *x, int d)
{
	static const int sz[] = { [1] = BPF_B, [2] = BPF_H, [4] = BPF_W,
				  [8] = BPF_DW };
	int zero = emit_label_new(e), done = emit_label_new(e);

	eval(e, x->a, d);
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
static void emit_logical(struct emit *e, const struct stp_rx *x, int d)
{
	int out = emit_label_new(e), done = emit_label_new(e);
	bool and = x->op == SX_LAND;

	eval(e, x->a, d);
	emit_jmp_imm(e, and ? BPF_JEQ : BPF_JNE, R0, 0, out);
	eval(e, x->b, d);
	emit_jmp_imm(e, and ? BPF_JEQ : BPF_JNE, R0, 0, out);
	emit(e, I_MOV64_IMM(R0, and ? 1 : 0));
	emit_ja(e, done);
	emit_label_place(e, out);
	emit(e, I_MOV64_IMM(R0, and ? 0 : 1));
	emit_label_place(e, done);
}

static void emit_binary(struct emit *e, const struct stp_rx *x, int d)
{
	eval(e, x->b, d);
	emit(e, I_STX_MEM(BPF_DW, REG_FP, R0, SLOT(d)));
	eval(e, x->a, d + 1);
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

static void emit_cond(struct emit *e, const struct stp_rx *x, int d)
{
	int no = emit_label_new(e), done = emit_label_new(e);

	eval(e, x->a, d);
	emit_jmp_imm(e, BPF_JEQ, R0, 0, no);
	eval(e, x->b, d);
	emit_ja(e, done);
	emit_label_place(e, no);
	eval(e, x->c, d);
	emit_label_place(e, done);
}

static void eval(struct emit *e, const struct stp_rx *x, int d)
{
	if (d >= STP_DEPTH) {	/* the tables are shallow: a bug */
		emit(e, I_MOV64_IMM(R0, 0));
		return;
	}
	switch (x->op) {
	case SX_RAW:
		emit(e, I_LDX_MEM(BPF_DW, R0, R6, (int16_t)(8 * x->imm)));
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
		emit_member(e, x, d);
		break;
	case SX_NEG:
		eval(e, x->a, d);
		emit(e, I_NEG64(R0));
		break;
	case SX_NOT:
		eval(e, x->a, d);
		emit(e, I_MOV64_IMM(R1, 0));
		emit_compare(e, BPF_JEQ);
		break;
	case SX_LAND: case SX_LOR:
		emit_logical(e, x, d);
		break;
	case SX_COND:
		emit_cond(e, x, d);
		break;
	default:
		emit_binary(e, x, d);
		break;
	}
}

void stp_emit_expr(struct emit *e, const struct stp_rx *x)
{
	eval(e, x, 0);
}

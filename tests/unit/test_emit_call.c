/*
 * Unit tests for emit_call_label(): a BPF-to-BPF call of a subprogram
 * (the ERROR clauses' one, cg_error.c) whose offset follows the move of
 * subprograms after the main program.  The golden tests in
 * tests/d/faults/tst.error_at_fault*.d load such calls for real.
 */
#include <linux/bpf.h>

#include "../../src/codegen/emit.h"
#include "unit.h"

/*
 *  main:  0 r1 = 5   1 call sub   2 r0 += 1   3 exit
 *  sub:   4 r0 = r1   5 r0 *= 2   6 exit
 */
static void build(struct emit *e)
{
	int sub = emit_label_new(e);

	emit(e, I_MOV64_IMM(R1, 5));
	emit_call_label(e, sub);
	emit_sub_begin(e);
	emit_label_place(e, sub);
	emit(e, I_MOV64_REG(R0, R1));
	emit(e, I_ALU64_IMM(BPF_MUL, R0, 2));
	emit(e, I_EXIT());
	emit_sub_end(e);
	emit(e, I_ALU64_IMM(BPF_ADD, R0, 1));
	emit(e, I_EXIT());
}

static void test_offset(void)
{
	struct emit e = {0};

	build(&e);
	CHECK_INT(emit_finish(&e), 0);
	CHECK_INT(e.len, 7);
	CHECK_INT(e.insns[1].code, BPF_JMP | BPF_CALL);
	CHECK_INT(e.insns[1].src_reg, BPF_PSEUDO_CALL);
	CHECK_INT(e.insns[1].imm, 4 - 2);	/* the subprogram starts at 4 */
	CHECK_INT(e.insns[2].code, BPF_ALU64 | BPF_ADD | BPF_K);
	emit_free(&e);
}

static void test_bad_label(void)
{
	struct emit e = {0};

	emit_call_label(&e, 7);		/* never created */
	CHECK(emit_error(&e) != 0);
	emit_free(&e);
}

int main(void)
{
	RUN(test_offset);
	RUN(test_bad_label);
	return UNIT_DONE();
}

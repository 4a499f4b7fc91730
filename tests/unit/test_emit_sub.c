/*
 * Unit tests for the emitter's subprograms (emit_sub_begin/end): code
 * emitted inside one is moved after the main program's, nested ones in
 * order, with labels, jumps and emit_ld_func() addresses following the
 * move, and emit_remap() telling where each instruction went.  As root,
 * load_funcs_get() finds the functions from the code, and a program
 * calling bpf_loop() with a callback so built loads and runs.
 */
#include <errno.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "../../src/codegen/emit.h"
#include "../../src/lib/strbuf.h"
#include "../../src/runtime/load.h"
#include "unit.h"

/*
 *  main:  0 r0 = 0   1-2 r2 = &cb   3 r1 = 4   4 r3 = 0   5 r4 = 0
 *         6 call bpf_loop   7 r0 = 7 (label after)   8 exit
 *  cb:    r0 = 0; if r1 == 2 goto one; exit; one: r0 = 1; exit
 */
static void build(struct emit *e, int *after)
{
	int cb = emit_label_new(e), one = emit_label_new(e);

	*after = emit_label_new(e);
	emit(e, I_MOV64_IMM(R0, 0));
	emit_ld_func(e, R2, cb);
	emit(e, I_MOV64_IMM(R1, 4));
	emit_sub_begin(e);
	emit_label_place(e, cb);
	emit(e, I_MOV64_IMM(R0, 0));
	emit_jmp_imm(e, BPF_JEQ, R1, 2, one);
	emit(e, I_EXIT());
	emit_label_place(e, one);
	emit(e, I_MOV64_IMM(R0, 1));
	emit(e, I_EXIT());
	emit_sub_end(e);
	emit(e, I_MOV64_IMM(R3, 0));
	emit(e, I_MOV64_IMM(R4, 0));
	emit(e, I_CALL(BPF_FUNC_loop));
	emit_label_place(e, *after);
	emit(e, I_MOV64_IMM(R0, 7));
	emit(e, I_EXIT());
}

static void test_move(void)
{
	struct emit e = {0};
	int after;

	build(&e, &after);
	CHECK_INT(emit_finish(&e), 0);
	CHECK_INT(e.len, 14);
	CHECK_INT(e.insns[1].src_reg, BPF_PSEUDO_FUNC);
	CHECK_INT(e.insns[1].imm, 9 - 2);	/* the callback starts at 9 */
	CHECK_INT(e.insns[4].code, BPF_ALU64 | BPF_MOV | BPF_K);
	CHECK_INT(e.insns[4].dst_reg, R3);
	CHECK_INT(e.insns[6].code, BPF_JMP | BPF_CALL);
	CHECK_INT(e.insns[8].code, BPF_JMP | BPF_EXIT);
	CHECK_INT(e.insns[10].off, 1);	/* the jump inside the callback */
	CHECK_INT(e.insns[13].code, BPF_JMP | BPF_EXIT);
	CHECK_INT(e.labels[after], 7);
	CHECK_INT(emit_remap(&e, 4), 9);	/* first of the callback */
	CHECK_INT(emit_remap(&e, 9), 4);

	struct strbuf sb = {0};

	dis_insn(&sb, &e.insns[1], 1, NULL, NULL);
	CHECK_STR(sb_str(&sb), "   1: r2 = func pc+7\n");
	sb_free(&sb);
	emit_free(&e);
}

static void test_nesting(void)
{
	struct emit e = {0};

	emit(&e, I_MOV64_IMM(R0, 0));		/* main 0 */
	emit_sub_begin(&e);
	emit(&e, I_MOV64_IMM(R1, 1));		/* sub 1 */
	emit_sub_begin(&e);
	emit(&e, I_MOV64_IMM(R2, 2));		/* sub 2 */
	emit_sub_end(&e);
	emit(&e, I_EXIT());			/* sub 1 */
	emit_sub_end(&e);
	emit(&e, I_EXIT());			/* main 1 */
	CHECK_INT(emit_finish(&e), 0);
	CHECK_INT(e.insns[0].imm, 0);
	CHECK_INT(e.insns[1].code, BPF_JMP | BPF_EXIT);
	CHECK_INT(e.insns[2].dst_reg, R1);
	CHECK_INT(e.insns[3].code, BPF_JMP | BPF_EXIT);
	CHECK_INT(e.insns[4].dst_reg, R2);
	emit_free(&e);

	struct emit bad = {0};

	emit_sub_begin(&bad);
	emit(&bad, I_EXIT());
	CHECK(emit_finish(&bad) == -EINVAL);	/* never ended */
	emit_free(&bad);
}

/* as root: the functions found, then a real load and run (4 rounds,
 * the callback stopping the loop at index 2: bpf_loop returns 3) */
static void test_kernel_loop(void)
{
	struct emit e = {0};
	struct load_funcs lf;
	int after;

	if (geteuid() != 0)
		return;
	build(&e, &after);
	/* keep bpf_loop's result: r0 = r0 instead of r0 = 7 */
	CHECK_INT(emit_finish(&e), 0);
	e.insns[7] = I_MOV64_REG(R0, R0);
	CHECK_INT(load_funcs_get(e.insns, e.len, &lf), 0);
	CHECK_INT(lf.n, 2);
	LIBBPF_OPTS(bpf_prog_load_opts, po, .prog_btf_fd = lf.btf_fd,
		    .func_info = lf.info, .func_info_cnt = lf.n,
		    .func_info_rec_size = sizeof(*lf.info));
	int fd = bpf_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, "t", "GPL",
			       e.insns, e.len, &po);

	CHECK(fd >= 0);
	if (fd >= 0) {
		char data[64] = { 0 };
		LIBBPF_OPTS(bpf_test_run_opts, to, .data_in = data,
			    .data_size_in = sizeof(data));

		CHECK_INT(bpf_prog_test_run_opts(fd, &to), 0);
		CHECK_INT(to.retval, 3);
		close(fd);
	}
	load_funcs_free(&lf);
	emit_free(&e);
}

int main(void)
{
	RUN(test_move);
	RUN(test_nesting);
	RUN(test_kernel_loop);
	return UNIT_DONE();
}

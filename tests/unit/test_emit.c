/*
 * Unit tests for the instruction emitter (labels, fixups, range checks,
 * sticky errors) and the disassembler (one instruction of each class,
 * compared as exact text).  The last test loads an emitted program into
 * the kernel and runs it with BPF_PROG_TEST_RUN, to prove the encodings
 * and not just our own reading of them; it is skipped unless root.
 */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "../../src/codegen/emit.h"
#include "../../src/lib/strbuf.h"
#include "unit.h"

static void test_labels(void)
{
	struct emit e = {0};
	int out = emit_label_new(&e), loop = emit_label_new(&e);

	CHECK_INT(out, 0);
	CHECK_INT(loop, 1);
	emit(&e, I_MOV64_IMM(R0, 0));			/* 0 */
	emit_jmp_imm(&e, BPF_JMP | BPF_JEQ, R1, 0, out); /* 1: forward */
	emit_label_place(&e, loop);
	emit(&e, I_ALU64_IMM(BPF_ADD, R0, 1));		/* 2 */
	emit_jmp_reg(&e, BPF_JLT, R0, R1, loop);	/* 3: backward */
	emit_ja(&e, out);				/* 4: forward, to 6 */
	emit_jmp_imm(&e, BPF_JMP32 | BPF_JNE, R2, -1, loop); /* 5 */
	emit_label_place(&e, out);
	emit(&e, I_EXIT());				/* 6 */
	CHECK_INT(emit_finish(&e), 0);
	CHECK_INT(e.len, 7);
	CHECK_INT(e.insns[1].off, 4);
	CHECK_INT(e.insns[1].code, BPF_JMP | BPF_JEQ | BPF_K);
	CHECK_INT(e.insns[3].off, -2);
	CHECK_INT(e.insns[3].code, BPF_JMP | BPF_JLT | BPF_X);
	CHECK_INT(e.insns[3].src_reg, R1);
	CHECK_INT(e.insns[4].off, 1);
	CHECK_INT(e.insns[5].off, -4);
	CHECK_INT(e.insns[5].code, BPF_JMP32 | BPF_JNE | BPF_K);
	CHECK_INT(e.insns[5].imm, -1);
	CHECK_STR(emit_errmsg(&e), "");
	/* finishing twice changes nothing */
	CHECK_INT(emit_finish(&e), 0);
	CHECK_INT(e.insns[3].off, -2);
	emit_free(&e);
	CHECK(e.insns == NULL && e.len == 0);
	emit_free(NULL);
}

static void test_ld_imm64(void)
{
	struct emit e = {0};

	emit_ld_imm64(&e, R1, 0x123456789abcdef0ULL);
	emit_ld_map(&e, R2, 3);
	emit_ld_map_value(&e, R3, 4, 16);
	CHECK_INT(emit_pos(&e), 6);
	CHECK_INT(e.insns[0].code, BPF_LD | BPF_DW | BPF_IMM);
	CHECK_INT(e.insns[0].dst_reg, R1);
	CHECK_INT(e.insns[0].src_reg, 0);
	CHECK_INT((uint32_t)e.insns[0].imm, 0x9abcdef0u);
	CHECK_INT((uint32_t)e.insns[1].imm, 0x12345678u);
	CHECK_INT(e.insns[1].code, 0);
	CHECK_INT(e.insns[2].src_reg, BPF_PSEUDO_MAP_FD);
	CHECK_INT(e.insns[2].imm, 3);
	CHECK_INT(e.insns[3].imm, 0);
	CHECK_INT(e.insns[4].src_reg, BPF_PSEUDO_MAP_VALUE);
	CHECK_INT(e.insns[4].dst_reg, R3);
	CHECK_INT(e.insns[4].imm, 4);
	CHECK_INT(e.insns[5].imm, 16);
	CHECK_INT(emit_finish(&e), 0);
	emit_free(&e);
}

static void test_range(void)
{
	struct emit e = {0}, b = {0};
	int far = emit_label_new(&e), edge = emit_label_new(&b);

	emit_jmp_imm(&e, BPF_JEQ, R1, 0, far);
	for (int i = 0; i < 40000; i++)
		emit(&e, I_MOV64_IMM(R0, i));
	emit_label_place(&e, far);
	emit(&e, I_EXIT());
	CHECK_INT(emit_finish(&e), -E2BIG);
	CHECK_STR(emit_errmsg(&e), "program too long: jump offset out of "
		  "range (from instruction 0 to 40001)");
	emit_free(&e);

	/* backward, too far */
	far = emit_label_new(&e);
	emit_label_place(&e, far);
	for (int i = 0; i < 40000; i++)
		emit(&e, I_MOV64_IMM(R0, i));
	emit_ja(&e, far);
	CHECK_INT(emit_finish(&e), -E2BIG);
	emit_free(&e);

	/* exactly the largest forward and backward offsets fit */
	emit_ja(&b, edge);
	for (int i = 0; i < 32767; i++)
		emit(&b, I_MOV64_IMM(R0, 0));
	emit_label_place(&b, edge);
	for (int i = 0; i < 32767; i++)
		emit(&b, I_MOV64_IMM(R0, 0));
	emit_ja(&b, edge);
	CHECK_INT(emit_finish(&b), 0);
	CHECK_INT(b.insns[0].off, 32767);
	CHECK_INT(b.insns[b.len - 1].off, -32768);
	emit_free(&b);
}

static void test_too_many(void)
{
	struct emit e = {0};

	for (int i = 0; i <= EMIT_MAX_INSNS; i++)
		emit(&e, I_MOV64_IMM(R0, 0));
	CHECK_INT(emit_error(&e), 0);
	CHECK_INT(emit_finish(&e), -E2BIG);
	CHECK_STR(emit_errmsg(&e), "program too long: 1000001 instructions "
		  "(the kernel allows 1000000)");
	emit_free(&e);
}

static void test_unplaced_and_sticky(void)
{
	struct emit e = {0};
	int l = emit_label_new(&e);

	emit_ja(&e, l);
	emit(&e, I_EXIT());
	CHECK_INT(emit_finish(&e), -EINVAL);
	CHECK_STR(emit_errmsg(&e), "internal error: label 0 used by the jump "
		  "at 0 but never placed");
	emit_free(&e);

	/* the first error sticks; later calls do nothing */
	l = emit_label_new(&e);
	emit_label_place(&e, l);
	emit(&e, I_MOV64_IMM(R0, 1));
	emit_label_place(&e, l);
	CHECK_INT(emit_error(&e), -EINVAL);
	CHECK_STR(emit_errmsg(&e), "internal error: label 0 placed twice "
		  "(at 0 and 1)");
	emit(&e, I_EXIT());
	emit_ld_imm64(&e, R1, 5);
	emit_ja(&e, 7);
	CHECK_INT(emit_label_new(&e), -1);
	CHECK_INT(e.len, 1);
	CHECK_INT(emit_finish(&e), -EINVAL);
	CHECK_STR(emit_errmsg(&e), "internal error: label 0 placed twice "
		  "(at 0 and 1)");
	emit_free(&e);

	emit_ja(&e, 3);		/* no such label */
	CHECK_INT(emit_error(&e), -EINVAL);
	emit_free(&e);

	emit_label_new(&e);
	emit_jmp_imm(&e, BPF_JA, R1, 0, 0);	/* not a conditional jump */
	CHECK_INT(emit_error(&e), -EINVAL);
	CHECK_INT(e.len, 0);
	emit_free(&e);
}

static void test_append(void)
{
	struct emit pro = {0}, body = {0}, all = {0};
	int skip = emit_label_new(&pro), done = emit_label_new(&body);
	int end = emit_label_new(&all);

	emit_jmp_imm(&pro, BPF_JNE, R1, 0, skip);
	emit(&pro, I_MOV64_IMM(R1, 1));
	emit_label_place(&pro, skip);
	emit(&pro, I_MOV64_REG(R6, R1));

	emit_jmp_imm(&body, BPF_JEQ, R6, 0, done);
	emit(&body, I_MOV64_IMM(R0, 2));
	emit_label_place(&body, done);
	emit(&body, I_EXIT());

	/* an unfinished program carries unresolved jumps: refused */
	emit_append(&all, &body);
	CHECK_INT(emit_error(&all), -EINVAL);
	emit_free(&all);

	CHECK_INT(emit_finish(&pro), 0);
	CHECK_INT(emit_finish(&body), 0);
	end = emit_label_new(&all);
	emit_ja(&all, end);	/* a jump over both parts, resolved later */
	emit_append(&all, &pro);
	emit_append(&all, &body);
	emit_label_place(&all, end);
	emit(&all, I_EXIT());
	CHECK_INT(emit_finish(&all), 0);
	CHECK_INT(all.len, 1 + 3 + 3 + 1);
	CHECK_INT(all.insns[0].off, 6);
	CHECK_INT(all.insns[1].off, 1);
	CHECK_INT(all.insns[4].off, 1);
	CHECK_INT(all.insns[5].imm, 2);
	emit_free(&all);

	/* a failed program passes its error on */
	emit_ja(&body, 99);
	emit_append(&all, &body);
	CHECK_INT(emit_error(&all), -EINVAL);
	CHECK_STR(emit_errmsg(&all), emit_errmsg(&body));
	emit_free(&all);
	emit_free(&body);
	emit_free(&pro);
}

static const char *dis1(struct strbuf *sb, struct bpf_insn in)
{
	struct bpf_insn two[2] = { in, INSN(0, 0, 0, 0, 0) };

	sb_reset(sb);
	CHECK_INT(dis_insn(sb, two, 3, NULL, NULL), 1);
	return sb_str(sb);
}

static void test_dis_alu(void)
{
	struct strbuf sb = {0};

	CHECK_STR(dis1(&sb, I_MOV64_REG(R6, R1)), "   3: r6 = r1\n");
	CHECK_STR(dis1(&sb, I_MOV64_IMM(R0, -1)), "   3: r0 = -1\n");
	CHECK_STR(dis1(&sb, I_MOV32_IMM(R2, 7)), "   3: w2 = 7\n");
	CHECK_STR(dis1(&sb, I_MOV32_REG(R2, R3)), "   3: w2 = w3\n");
	CHECK_STR(dis1(&sb, I_ALU32_IMM(BPF_ADD, R1, 3)), "   3: w1 += 3\n");
	CHECK_STR(dis1(&sb, I_ALU64_IMM(BPF_SUB, R1, 3)), "   3: r1 -= 3\n");
	CHECK_STR(dis1(&sb, I_ALU64_REG(BPF_MUL, R1, R2)), "   3: r1 *= r2\n");
	CHECK_STR(dis1(&sb, I_ALU64_REG(BPF_DIV, R1, R2)), "   3: r1 /= r2\n");
	CHECK_STR(dis1(&sb, I_ALU64_IMM(BPF_MOD, R1, 10)), "   3: r1 %= 10\n");
	CHECK_STR(dis1(&sb, I_ALU64_REG(BPF_OR, R1, R2)), "   3: r1 |= r2\n");
	CHECK_STR(dis1(&sb, I_ALU64_IMM(BPF_AND, R1, 255)),
		  "   3: r1 &= 255\n");
	CHECK_STR(dis1(&sb, I_ALU64_IMM(BPF_XOR, R1, 1)), "   3: r1 ^= 1\n");
	CHECK_STR(dis1(&sb, I_ALU64_IMM(BPF_LSH, R1, 32)),
		  "   3: r1 <<= 32\n");
	CHECK_STR(dis1(&sb, I_ALU32_IMM(BPF_RSH, R1, 4)), "   3: w1 >>= 4\n");
	CHECK_STR(dis1(&sb, I_ALU64_IMM(BPF_ARSH, R1, 63)),
		  "   3: r1 s>>= 63\n");
	CHECK_STR(dis1(&sb, I_NEG64(R4)), "   3: r4 = -r4\n");
	CHECK_STR(dis1(&sb, INSN(BPF_ALU | BPF_NEG, R4, 0, 0, 0)),
		  "   3: w4 = -w4\n");
	CHECK_STR(dis1(&sb, I_ENDIAN(BPF_TO_BE, R1, 16)),
		  "   3: r1 = be16 r1\n");
	CHECK_STR(dis1(&sb, I_ENDIAN(BPF_TO_LE, R1, 64)),
		  "   3: r1 = le64 r1\n");
	CHECK_STR(dis1(&sb, INSN(BPF_ALU64 | BPF_DIV | BPF_X, R1, R2, 1, 0)),
		  "   3: r1 s/= r2\n");
	CHECK_STR(dis1(&sb, INSN(BPF_ALU64 | BPF_MOV | BPF_X, R1, R2, 8, 0)),
		  "   3: r1 = (s8)r2\n");
	sb_free(&sb);
}

static void test_dis_mem(void)
{
	struct strbuf sb = {0};

	CHECK_STR(dis1(&sb, I_LDX_MEM(BPF_DW, R1, R10, -8)),
		  "   3: r1 = *(u64 *)(r10 -8)\n");
	CHECK_STR(dis1(&sb, I_LDX_MEM(BPF_B, R1, R2, 0)),
		  "   3: r1 = *(u8 *)(r2 +0)\n");
	CHECK_STR(dis1(&sb, I_STX_MEM(BPF_W, R1, R2, 4)),
		  "   3: *(u32 *)(r1 +4) = r2\n");
	CHECK_STR(dis1(&sb, I_STX_MEM(BPF_H, R10, R3, -2)),
		  "   3: *(u16 *)(r10 -2) = r3\n");
	CHECK_STR(dis1(&sb, I_ST_MEM(BPF_B, R10, -1, 0)),
		  "   3: *(u8 *)(r10 -1) = 0\n");
	CHECK_STR(dis1(&sb, I_ATOMIC_ADD(BPF_DW, R1, R2, 0)),
		  "   3: lock *(u64 *)(r1 +0) += r2\n");
	CHECK_STR(dis1(&sb, INSN(BPF_STX | BPF_W | BPF_ATOMIC, R1, R2, 8,
				 BPF_OR)),
		  "   3: lock *(u32 *)(r1 +8) |= r2\n");
	CHECK_STR(dis1(&sb, INSN(BPF_STX | BPF_DW | BPF_ATOMIC, R1, R2, 0,
				 BPF_ADD | BPF_FETCH)),
		  "   3: r2 = atomic64_fetch_add((u64 *)(r1 +0), r2)\n");
	CHECK_STR(dis1(&sb, INSN(BPF_STX | BPF_W | BPF_ATOMIC, R1, R2, -4,
				 BPF_XOR | BPF_FETCH)),
		  "   3: r2 = atomic_fetch_xor((u32 *)(r1 -4), r2)\n");
	CHECK_STR(dis1(&sb, INSN(BPF_STX | BPF_DW | BPF_ATOMIC, R1, R2, 0,
				 BPF_XCHG)),
		  "   3: r2 = atomic64_xchg((u64 *)(r1 +0), r2)\n");
	CHECK_STR(dis1(&sb, INSN(BPF_STX | BPF_DW | BPF_ATOMIC, R1, R2, 0,
				 BPF_CMPXCHG)),
		  "   3: r0 = atomic64_cmpxchg((u64 *)(r1 +0), r0, r2)\n");
	sb_free(&sb);
}

static void test_dis_jmp(void)
{
	struct strbuf sb = {0};

	CHECK_STR(dis1(&sb, I_JMP_IMM(BPF_JEQ, R1, 0, 3)),
		  "   3: if r1 == 0x0 goto pc+3\n");
	CHECK_STR(dis1(&sb, I_JMP_IMM(BPF_JSGT, R1, -1, -2)),
		  "   3: if r1 s> 0xffffffff goto pc-2\n");
	CHECK_STR(dis1(&sb, I_JMP_REG(BPF_JLE, R1, R2, 1)),
		  "   3: if r1 <= r2 goto pc+1\n");
	CHECK_STR(dis1(&sb, I_JMP_REG(BPF_JSET, R1, R2, 1)),
		  "   3: if r1 & r2 goto pc+1\n");
	CHECK_STR(dis1(&sb, INSN(BPF_JMP32 | BPF_JGT | BPF_X, R1, R2, 5, 0)),
		  "   3: if w1 > w2 goto pc+5\n");
	CHECK_STR(dis1(&sb, INSN(BPF_JMP32 | BPF_JNE | BPF_K, R3, 0, 0, 16)),
		  "   3: if w3 != 0x10 goto pc+0\n");
	CHECK_STR(dis1(&sb, I_JA(-4)), "   3: goto pc-4\n");
	CHECK_STR(dis1(&sb, I_CALL(BPF_FUNC_map_lookup_elem)),
		  "   3: call bpf_map_lookup_elem#1\n");
	CHECK_STR(dis1(&sb, I_CALL(BPF_FUNC_ringbuf_output)),
		  "   3: call bpf_ringbuf_output#130\n");
	CHECK_STR(dis1(&sb, I_CALL(100000)), "   3: call unknown#100000\n");
	CHECK_STR(dis1(&sb, INSN(BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_CALL, 0,
				 7)),
		  "   3: call pc+7\n");
	CHECK_STR(dis1(&sb, I_EXIT()), "   3: exit\n");
	sb_free(&sb);
}

static const char *test_map_name(void *arg, int index)
{
	static const char *const names[] = { "ringbuf", "aggs", "globals" };

	CHECK(arg == NULL);
	return index >= 0 && index < 3 ? names[index] : NULL;
}

static void test_dis_prog(void)
{
	struct strbuf sb = {0};
	struct emit e = {0};

	emit_ld_imm64(&e, R1, 0x123456789ULL);
	emit_ld_map(&e, R2, 1);
	emit_ld_map_value(&e, R3, 2, 16);
	emit_ld_map(&e, R4, 7);
	emit(&e, INSN(0xff, 1, 2, 3, 4));
	emit(&e, INSN(BPF_ALU64 | 0xe0 | BPF_K, 1, 0, 0, 1));
	emit(&e, I_EXIT());
	emit_ld_imm64(&e, R5, 1);	/* truncated below */
	CHECK_INT(emit_finish(&e), 0);
	dis_prog(&sb, e.insns, e.len - 1, test_map_name, NULL);
	CHECK_STR(sb_str(&sb),
		  "   0: r1 = 0x123456789 ll\n"
		  "   2: r2 = map[aggs]\n"
		  "   4: r3 = map[globals]+16\n"
		  "   6: r4 = map[#7]\n"
		  "   8: .insn 0xff dst=r1 src=r2 off=3 imm=0x4\n"
		  "   9: .insn 0xe7 dst=r1 src=r0 off=0 imm=0x1\n"
		  "  10: exit\n"
		  "  11: .insn 0x18 dst=r5 src=r0 off=0 imm=0x1\n");
	sb_reset(&sb);
	dis_prog(&sb, e.insns + 2, 2, NULL, NULL);
	CHECK_STR(sb_str(&sb), "   0: r2 = map[#1]\n");
	sb_reset(&sb);
	CHECK_INT(dis_insn(&sb, e.insns, 1234, NULL, NULL), 2);
	CHECK_STR(sb_str(&sb), "1234: r1 = 0x123456789 ll\n");
	emit_free(&e);
	sb_free(&sb);

	CHECK_STR(dis_helper_name(1), "bpf_map_lookup_elem");
	CHECK_STR(dis_helper_name(BPF_FUNC_get_current_pid_tgid),
		  "bpf_get_current_pid_tgid");
	CHECK(dis_helper_name(-1) == NULL);
	CHECK(dis_helper_name(__BPF_FUNC_MAX_ID) == NULL);
}

/*
 * The end-to-end check: a program using labels both ways, a 64-bit
 * constant, the stack, a helper call, a map value address and an atomic
 * add, loaded by the kernel's verifier and run; it returns 42 and leaves
 * 42 in the map.
 */
static void emit_kernel_prog(struct emit *e, int map_fd)
{
	int loop = emit_label_new(e), miss = emit_label_new(e);

	emit_ld_imm64(e, R2, 0x2a00000000ULL);
	emit(e, I_ALU64_IMM(BPF_RSH, R2, 32));		/* r2 = 42 */
	emit(e, I_STX_MEM(BPF_DW, R10, R2, -8));
	emit(e, I_LDX_MEM(BPF_DW, R6, R10, -8));
	emit(e, I_MOV64_IMM(R3, 0));
	emit_label_place(e, loop);
	emit(e, I_ALU64_IMM(BPF_ADD, R3, 1));
	emit_jmp_imm(e, BPF_JLT, R3, 5, loop);		/* backward */
	emit(e, I_ALU64_REG(BPF_ADD, R6, R3));
	emit(e, I_ALU64_IMM(BPF_SUB, R6, 5));		/* r6 = 42 */
	emit(e, I_ST_MEM(BPF_W, R10, -12, 0));
	emit(e, I_MOV64_REG(R2, R10));
	emit(e, I_ALU64_IMM(BPF_ADD, R2, -12));
	emit_ld_map(e, R1, 0);
	emit(e, I_CALL(BPF_FUNC_map_lookup_elem));
	emit(e, I_MOV64_IMM(R7, -1));
	emit_jmp_imm(e, BPF_JEQ, R0, 0, miss);		/* forward */
	emit_ld_map_value(e, R1, 0, 8);
	emit(e, I_ATOMIC_ADD(BPF_DW, R1, R6, 0));
	emit(e, I_MOV64_REG(R7, R6));
	emit_label_place(e, miss);
	emit(e, I_MOV64_REG(R0, R7));
	emit(e, I_EXIT());
	/* the loader's job in the real program: map index -> fd */
	for (size_t i = 0; i < e->len; i++)
		if (e->insns[i].code == (BPF_LD | BPF_DW | BPF_IMM) &&
		    e->insns[i].src_reg)
			e->insns[i].imm = map_fd;
}

static void test_kernel_run(void)
{
	LIBBPF_OPTS(bpf_test_run_opts, run);
	struct emit e = {0};
	struct strbuf sb = {0};
	char log[65536] = "";
	LIBBPF_OPTS(bpf_prog_load_opts, opts, .log_buf = log,
		    .log_size = sizeof(log), .log_level = 1);
	uint32_t key = 0;
	uint64_t val[2] = {0};
	int map_fd, prog_fd, err;

	if (geteuid() != 0) {
		printf("  skip test_kernel_run: not root\n");
		return;
	}
	map_fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "emit_test", 4, 16, 1,
				NULL);
	if (map_fd < 0 && (errno == EPERM || errno == ENOSYS)) {
		printf("  skip test_kernel_run: no BPF (%s)\n", strerror(errno));
		return;
	}
	CHECK(map_fd >= 0);
	if (map_fd < 0)
		return;
	emit_kernel_prog(&e, map_fd);
	CHECK_INT(emit_finish(&e), 0);
	prog_fd = bpf_prog_load(BPF_PROG_TYPE_RAW_TRACEPOINT, "emit_test",
				"GPL", e.insns, e.len, &opts);
	if (prog_fd < 0) {
		dis_prog(&sb, e.insns, e.len, NULL, NULL);
		printf("  load failed: %s\n%s%s", strerror(errno), sb_str(&sb),
		       log);
		CHECK(prog_fd >= 0);
		goto out;
	}
	err = bpf_prog_test_run_opts(prog_fd, &run);
	CHECK_INT(err, 0);
	CHECK_INT(run.retval, 42);
	CHECK_INT(bpf_map_lookup_elem(map_fd, &key, val), 0);
	CHECK_INT(val[0], 0);
	CHECK_INT(val[1], 42);
	close(prog_fd);
out:
	close(map_fd);
	emit_free(&e);
	sb_free(&sb);
}

int main(void)
{
	RUN(test_labels);
	RUN(test_ld_imm64);
	RUN(test_range);
	RUN(test_too_many);
	RUN(test_unplaced_and_sticky);
	RUN(test_append);
	RUN(test_dis_alu);
	RUN(test_dis_mem);
	RUN(test_dis_jmp);
	RUN(test_dis_prog);
	RUN(test_kernel_run);
	return UNIT_DONE();
}

/*
 * The disassembler behind `dtrace -S`: one line per instruction in the
 * notation of the kernel verifier's log and `bpftool prog dump xlated`
 * ("r1 = *(u64 *)(r10 -8)", "if w1 > w2 goto pc+3", "call
 * bpf_map_lookup_elem#1"), without bpftool's raw opcode column, so that a
 * program printed by -S reads like the verifier's complaint about it.
 * Maps are named through a callback since only the compiler knows them.
 * Anything that is not a valid instruction prints as `.insn` with its raw
 * fields, never as a guess.
 */
#include "emit.h"

#include <inttypes.h>

#include "../lib/strbuf.h"

/* newer encodings that the installed UAPI header may predate */
#ifndef BPF_MEMSX
#define BPF_MEMSX	0x80
#endif
#ifndef BPF_JCOND
#define BPF_JCOND	0xe0
#endif
#define DIS_MAY_GOTO	0	/* src_reg of BPF_JCOND */

/*
 * Helper names by id, generated from the UAPI header's own list so a new
 * kernel header brings its new helpers with it.  The variadic parameter
 * absorbs the id and context arguments that newer headers pass to FN.
 */
#define DIS_HELPER_NAME(x, ...)	[BPF_FUNC_##x] = "bpf_" #x
static const char *const helper_names[] = {
	__BPF_FUNC_MAPPER(DIS_HELPER_NAME)
};
#undef DIS_HELPER_NAME

/* indexed by BPF_OP(code) >> 4; NULL where the op is not valid */
static const char *const alu_ops[16] = {
	[BPF_ADD >> 4] = "+=", [BPF_SUB >> 4] = "-=", [BPF_MUL >> 4] = "*=",
	[BPF_DIV >> 4] = "/=", [BPF_OR >> 4] = "|=", [BPF_AND >> 4] = "&=",
	[BPF_LSH >> 4] = "<<=", [BPF_RSH >> 4] = ">>=", [BPF_MOD >> 4] = "%=",
	[BPF_XOR >> 4] = "^=", [BPF_MOV >> 4] = "=", [BPF_ARSH >> 4] = "s>>=",
};

static const char *const jmp_ops[16] = {
	[BPF_JEQ >> 4] = "==", [BPF_JGT >> 4] = ">", [BPF_JGE >> 4] = ">=",
	[BPF_JSET >> 4] = "&", [BPF_JNE >> 4] = "!=", [BPF_JSGT >> 4] = "s>",
	[BPF_JSGE >> 4] = "s>=", [BPF_JLT >> 4] = "<", [BPF_JLE >> 4] = "<=",
	[BPF_JSLT >> 4] = "s<", [BPF_JSLE >> 4] = "s<=",
};

/* indexed by BPF_SIZE(code) >> 3 */
static const char *const mem_sizes[4] = { "u32", "u16", "u8", "u64" };
static const char *const memsx_sizes[4] = { "s32", "s16", "s8", "s64" };

/* atomic read-modify-write ops, by (imm & ~BPF_FETCH) >> 4 */
static const char *const atomic_ops[16] = {
	[BPF_ADD >> 4] = "add", [BPF_AND >> 4] = "and",
	[BPF_OR >> 4] = "or", [BPF_XOR >> 4] = "xor",
};
static const char *const atomic_alu[16] = {
	[BPF_ADD >> 4] = "+=", [BPF_AND >> 4] = "&=",
	[BPF_OR >> 4] = "|=", [BPF_XOR >> 4] = "^=",
};

const char *dis_helper_name(int id)
{
	if (id < 0 || (size_t)id >= sizeof(helper_names) / sizeof(*helper_names))
		return NULL;
	return helper_names[id];
}

static void dis_raw(struct strbuf *sb, const struct bpf_insn *in)
{
	sb_printf(sb, ".insn 0x%02x dst=r%d src=r%d off=%d imm=0x%x",
		  in->code, in->dst_reg, in->src_reg, in->off,
		  (uint32_t)in->imm);
}

static int dis_alu(struct strbuf *sb, const struct bpf_insn *in)
{
	bool is64 = BPF_CLASS(in->code) == BPF_ALU64;
	char r = is64 ? 'r' : 'w';
	int op = BPF_OP(in->code);
	const char *opstr = alu_ops[op >> 4];

	if (op == BPF_END) {
		if (is64)	/* the unconditional byte swap of ISA v4 */
			sb_printf(sb, "r%d = bswap%d r%d", in->dst_reg,
				  in->imm, in->dst_reg);
		else
			sb_printf(sb, "r%d = %s%d r%d", in->dst_reg,
				  BPF_SRC(in->code) == BPF_TO_BE ? "be" : "le",
				  in->imm, in->dst_reg);
		return 0;
	}
	if (op == BPF_NEG) {
		sb_printf(sb, "%c%d = -%c%d", r, in->dst_reg, r, in->dst_reg);
		return 0;
	}
	if (!opstr)
		return -1;
	/* ISA v4: off 1 makes div/mod signed; off 8/16/32 makes mov
	 * sign-extend from that width */
	if ((op == BPF_DIV || op == BPF_MOD) && in->off == 1)
		opstr = op == BPF_DIV ? "s/=" : "s%=";
	if (BPF_SRC(in->code) == BPF_X) {
		const char *sx = "";

		if (op == BPF_MOV && in->off == 8)
			sx = "(s8)";
		else if (op == BPF_MOV && in->off == 16)
			sx = "(s16)";
		else if (op == BPF_MOV && in->off == 32)
			sx = "(s32)";
		sb_printf(sb, "%c%d %s %s%c%d", r, in->dst_reg, opstr, sx, r,
			  in->src_reg);
	} else {
		sb_printf(sb, "%c%d %s %d", r, in->dst_reg, opstr, in->imm);
	}
	return 0;
}

static int dis_atomic(struct strbuf *sb, const struct bpf_insn *in,
		      const char *sz)
{
	bool is64 = BPF_SIZE(in->code) == BPF_DW;
	int op = in->imm & ~BPF_FETCH;

	if (BPF_SIZE(in->code) != BPF_DW && BPF_SIZE(in->code) != BPF_W)
		return -1;
	if (in->imm == BPF_CMPXCHG) {
		sb_printf(sb, "r0 = atomic%s_cmpxchg((%s *)(r%d %+d), r0, r%d)",
			  is64 ? "64" : "", sz, in->dst_reg, in->off,
			  in->src_reg);
	} else if (in->imm == BPF_XCHG) {
		sb_printf(sb, "r%d = atomic%s_xchg((%s *)(r%d %+d), r%d)",
			  in->src_reg, is64 ? "64" : "", sz, in->dst_reg,
			  in->off, in->src_reg);
	} else if (op < 0 || op > 0xff || (op & 0x0f) || !atomic_ops[op >> 4]) {
		return -1;
	} else if (in->imm & BPF_FETCH) {
		sb_printf(sb, "r%d = atomic%s_fetch_%s((%s *)(r%d %+d), r%d)",
			  in->src_reg, is64 ? "64" : "", atomic_ops[op >> 4],
			  sz, in->dst_reg, in->off, in->src_reg);
	} else {
		sb_printf(sb, "lock *(%s *)(r%d %+d) %s r%d", sz, in->dst_reg,
			  in->off, atomic_alu[op >> 4], in->src_reg);
	}
	return 0;
}

static int dis_mem(struct strbuf *sb, const struct bpf_insn *in)
{
	int cls = BPF_CLASS(in->code), mode = BPF_MODE(in->code);
	const char *sz = mem_sizes[BPF_SIZE(in->code) >> 3];

	if (cls == BPF_LDX && (mode == BPF_MEM || mode == BPF_MEMSX)) {
		if (mode == BPF_MEMSX)
			sz = memsx_sizes[BPF_SIZE(in->code) >> 3];
		sb_printf(sb, "r%d = *(%s *)(r%d %+d)", in->dst_reg, sz,
			  in->src_reg, in->off);
	} else if (cls == BPF_STX && mode == BPF_MEM) {
		sb_printf(sb, "*(%s *)(r%d %+d) = r%d", sz, in->dst_reg,
			  in->off, in->src_reg);
	} else if (cls == BPF_STX && mode == BPF_ATOMIC) {
		return dis_atomic(sb, in, sz);
	} else if (cls == BPF_ST && mode == BPF_MEM) {
		sb_printf(sb, "*(%s *)(r%d %+d) = %d", sz, in->dst_reg,
			  in->off, in->imm);
	} else {
		return -1;
	}
	return 0;
}

static int dis_jmp(struct strbuf *sb, const struct bpf_insn *in)
{
	bool is32 = BPF_CLASS(in->code) == BPF_JMP32;
	char r = is32 ? 'w' : 'r';
	int op = BPF_OP(in->code);
	const char *name;

	if (op == BPF_CALL && !is32) {
		if (in->src_reg == BPF_PSEUDO_CALL) {
			sb_printf(sb, "call pc%+d", in->imm);
			return 0;
		}
		name = in->src_reg == 0 ? dis_helper_name(in->imm) :
		       in->src_reg == BPF_PSEUDO_KFUNC_CALL ?
		       "kernel-function" : NULL;
		sb_printf(sb, "call %s#%d", name ? name : "unknown", in->imm);
	} else if (op == BPF_EXIT && !is32) {
		sb_adds(sb, "exit");
	} else if (op == BPF_JA) {
		/* the JMP32 form is the long jump, with its offset in imm */
		if (is32)
			sb_printf(sb, "gotol pc%+d", in->imm);
		else
			sb_printf(sb, "goto pc%+d", in->off);
	} else if (op == BPF_JCOND && !is32 && in->src_reg == DIS_MAY_GOTO) {
		sb_printf(sb, "may_goto pc%+d", in->off);
	} else if (!jmp_ops[op >> 4]) {
		return -1;
	} else if (BPF_SRC(in->code) == BPF_X) {
		sb_printf(sb, "if %c%d %s %c%d goto pc%+d", r, in->dst_reg,
			  jmp_ops[op >> 4], r, in->src_reg, in->off);
	} else {
		sb_printf(sb, "if %c%d %s 0x%x goto pc%+d", r, in->dst_reg,
			  jmp_ops[op >> 4], (uint32_t)in->imm, in->off);
	}
	return 0;
}

/* the two-slot 64-bit immediate load; in[1] must exist */
static int dis_ld_imm64(struct strbuf *sb, const struct bpf_insn *in,
			const char *(*map_name)(void *arg, int index),
			void *arg)
{
	uint64_t v = (uint64_t)(uint32_t)in[1].imm << 32 | (uint32_t)in->imm;
	const char *name = NULL;

	switch (in->src_reg) {
	case 0:
		sb_printf(sb, "r%d = 0x%" PRIx64 " ll", in->dst_reg, v);
		return 0;
	case BPF_PSEUDO_FUNC:	/* a callback's address (cg_loop.c) */
		sb_printf(sb, "r%d = func pc%+d", in->dst_reg, in->imm);
		return 0;
	case BPF_PSEUDO_MAP_FD:
	case BPF_PSEUDO_MAP_IDX:
	case BPF_PSEUDO_MAP_VALUE:
	case BPF_PSEUDO_MAP_IDX_VALUE:
		break;
	default:
		return -1;
	}
	if (map_name)
		name = map_name(arg, in->imm);
	if (name)
		sb_printf(sb, "r%d = map[%s]", in->dst_reg, name);
	else
		sb_printf(sb, "r%d = map[#%d]", in->dst_reg, in->imm);
	if (in->src_reg == BPF_PSEUDO_MAP_VALUE ||
	    in->src_reg == BPF_PSEUDO_MAP_IDX_VALUE)
		sb_printf(sb, "+%u", (uint32_t)in[1].imm);
	return 0;
}

static bool is_ld_imm64(const struct bpf_insn *in)
{
	return in->code == (BPF_LD | BPF_DW | BPF_IMM);
}

/* one instruction, `avail` slots from `in` readable; returns slots used */
static int dis_one(struct strbuf *sb, const struct bpf_insn *in,
		   size_t avail, size_t idx,
		   const char *(*map_name)(void *arg, int index), void *arg)
{
	size_t mark;
	int rc = -1, slots = 1;

	sb_printf(sb, "%4zu: ", idx);
	mark = sb->len;
	switch (BPF_CLASS(in->code)) {
	case BPF_ALU:
	case BPF_ALU64:
		rc = dis_alu(sb, in);
		break;
	case BPF_LDX:
	case BPF_STX:
	case BPF_ST:
		rc = dis_mem(sb, in);
		break;
	case BPF_JMP:
	case BPF_JMP32:
		rc = dis_jmp(sb, in);
		break;
	case BPF_LD:
		if (is_ld_imm64(in) && avail >= 2) {
			rc = dis_ld_imm64(sb, in, map_name, arg);
			slots = 2;
		}
		break;
	}
	if (rc < 0) {
		/* drop any partial text; show the raw fields instead */
		sb->len = mark;
		if (sb->buf)
			sb->buf[mark] = '\0';
		dis_raw(sb, in);
		slots = 1;
	}
	sb_addc(sb, '\n');
	return slots;
}

int dis_insn(struct strbuf *sb, const struct bpf_insn *insn, size_t idx,
	     const char *(*map_name)(void *arg, int index), void *arg)
{
	return dis_one(sb, insn, 2, idx, map_name, arg);
}

void dis_prog(struct strbuf *sb, const struct bpf_insn *insns, size_t n,
	      const char *(*map_name)(void *arg, int index), void *arg)
{
	for (size_t i = 0; i < n;)
		i += (size_t)dis_one(sb, insns + i, n - i, i, map_name, arg);
}

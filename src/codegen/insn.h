/*
 * BPF instruction constructors.  Every instruction the compiler and the
 * providers emit is built with one of these, so a grep for a constructor
 * finds every use of an instruction form.  The encoding is the kernel's
 * struct bpf_insn (linux/bpf.h).
 */
#ifndef BD_INSN_H
#define BD_INSN_H

#include <linux/bpf.h>
#include <stdint.h>

/* registers, by role */
enum {
	R0, R1, R2, R3, R4, R5, R6, R7, R8, R9, R10,
	REG_RET = R0,	/* helper result, program return value */
	REG_DCTX = R9,	/* the per-CPU probe context (struct dctx *) */
	REG_FP = R10,	/* read-only frame pointer */
};

#define INSN(c, d, s, o, i)						\
	((struct bpf_insn){ .code = (c), .dst_reg = (d), .src_reg = (s),	\
			    .off = (int16_t)(o), .imm = (int32_t)(i) })

/* 64-bit and 32-bit ALU: op is BPF_ADD, BPF_SUB, ... BPF_MOV, BPF_ARSH */
#define I_ALU64_REG(op, d, s)	INSN(BPF_ALU64 | BPF_OP(op) | BPF_X, d, s, 0, 0)
#define I_ALU64_IMM(op, d, i)	INSN(BPF_ALU64 | BPF_OP(op) | BPF_K, d, 0, 0, i)
#define I_ALU32_REG(op, d, s)	INSN(BPF_ALU | BPF_OP(op) | BPF_X, d, s, 0, 0)
#define I_ALU32_IMM(op, d, i)	INSN(BPF_ALU | BPF_OP(op) | BPF_K, d, 0, 0, i)
#define I_MOV64_REG(d, s)	I_ALU64_REG(BPF_MOV, d, s)
#define I_MOV64_IMM(d, i)	I_ALU64_IMM(BPF_MOV, d, i)
#define I_MOV32_REG(d, s)	I_ALU32_REG(BPF_MOV, d, s)
#define I_MOV32_IMM(d, i)	I_ALU32_IMM(BPF_MOV, d, i)
#define I_NEG64(d)		INSN(BPF_ALU64 | BPF_NEG, d, 0, 0, 0)
/* byte swap: BPF_TO_BE / BPF_TO_LE with width 16, 32 or 64 */
#define I_ENDIAN(dir, d, bits)	INSN(BPF_ALU | BPF_END | (dir), d, 0, 0, bits)

/* memory: size is BPF_B, BPF_H, BPF_W or BPF_DW */
#define I_LDX_MEM(sz, d, s, o)	INSN(BPF_LDX | BPF_SIZE(sz) | BPF_MEM, d, s, o, 0)
#define I_STX_MEM(sz, d, s, o)	INSN(BPF_STX | BPF_SIZE(sz) | BPF_MEM, d, s, o, 0)
#define I_ST_MEM(sz, d, o, i)	INSN(BPF_ST | BPF_SIZE(sz) | BPF_MEM, d, 0, o, i)
/* atomic add (lock xadd): *(size *)(d + o) += s */
#define I_ATOMIC_ADD(sz, d, s, o)					\
	INSN(BPF_STX | BPF_SIZE(sz) | BPF_ATOMIC, d, s, o, BPF_ADD)
/* s = atomic fetch-and-add: old *(size *)(d + o) into s, the sum stored */
#define I_ATOMIC_FETCH_ADD(sz, d, s, o)					\
	INSN(BPF_STX | BPF_SIZE(sz) | BPF_ATOMIC, d, s, o, BPF_ADD | BPF_FETCH)
/* r0 = atomic compare-and-exchange: if *(d + o) == r0, store s there;
 * r0 gets the old value either way */
#define I_ATOMIC_CMPXCHG(sz, d, s, o)					\
	INSN(BPF_STX | BPF_SIZE(sz) | BPF_ATOMIC, d, s, o, BPF_CMPXCHG)

/* jumps: off is in instructions, relative to the next instruction */
#define I_JMP_REG(op, d, s, o)	INSN(BPF_JMP | BPF_OP(op) | BPF_X, d, s, o, 0)
#define I_JMP_IMM(op, d, i, o)	INSN(BPF_JMP | BPF_OP(op) | BPF_K, d, 0, o, i)
#define I_JA(o)			INSN(BPF_JMP | BPF_JA, 0, 0, o, 0)
#define I_CALL(helper)		INSN(BPF_JMP | BPF_CALL, 0, 0, 0, helper)
#define I_EXIT()		INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0)

/*
 * 64-bit immediate loads take two instruction slots; these give the first
 * and second halves.  src is 0 for a constant, BPF_PSEUDO_MAP_FD for a
 * map (imm: the map's index in the compiled program until load, then its
 * fd) and BPF_PSEUDO_MAP_VALUE for the address of offset `o` in element 0
 * of an array map.
 */
#define I_LD_IMM64_LO(d, src, v)					\
	INSN(BPF_LD | BPF_DW | BPF_IMM, d, src, 0, (uint32_t)(uint64_t)(v))
#define I_LD_IMM64_HI(v)						\
	INSN(0, 0, 0, 0, (uint32_t)((uint64_t)(v) >> 32))

/*
 * A map helper's first two arguments in hand-written programs: R1 the
 * map (its fd), R2 the key on the stack at fp+off (4 slots).
 */
#define I_MAP_KEY_FP(map, off)						\
	I_LD_IMM64_LO(R1, BPF_PSEUDO_MAP_FD, map), I_LD_IMM64_HI(map),	\
	I_MOV64_REG(R2, R10), I_ALU64_IMM(BPF_ADD, R2, off)

#endif

/*
 * Code generation for the caller and ucaller built-ins: the address in
 * the function that called the probed one.  Both read the first two
 * frames of the kernel or user stack with bpf_get_stack() (the kernel
 * one skipping the tracing machinery's frames exactly as stack() does,
 * so that frame 0 is stack()'s first line) and take the second: frame 0
 * is the probe point's own function, frame 1 the return address into
 * its caller.  A stack too short to have a second frame gives 0, as
 * DTrace's caller is 0 where it has no caller to report.
 */
#include "cg.h"

int cg_caller(struct cg *cg, bool user)
{
	uint32_t off = cg_scratch(cg, 16);
	int ctx = ra_alloc(cg), buf = ra_alloc(cg);
	uint32_t flags = user ? BPF_F_USER_STACK :
			 (cg_kstack_skip(cg) & BPF_F_SKIP_FIELD_MASK);

	emit(cg->e, I_LDX_MEM(BPF_DW, ctx, REG_FP, FRAME_CTX));
	emit(cg->e, I_MOV64_REG(buf, REG_DCTX));
	emit(cg->e, I_ALU64_IMM(BPF_ADD, buf,
				offsetof(struct dctx, scratch) + off));
	struct cg_arg args[] = { ARG_REG(ctx), ARG_REG(buf), ARG_IMM(16),
				 ARG_IMM(flags) };
	int r = cg_call(cg, BPF_FUNC_get_stack, args, 4, true);

	/* fewer than two frames (or an error): no caller */
	emit(cg->e, I_JMP_IMM(BPF_JSGE, r, 16, 2));
	emit(cg->e, I_MOV64_IMM(r, 0));
	emit(cg->e, I_JA(1));
	emit(cg->e, I_LDX_MEM(BPF_DW, r, REG_DCTX,
			      offsetof(struct dctx, scratch) + off + 8));
	return r;
}

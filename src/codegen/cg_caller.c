/*
 * Code generation for the caller and ucaller built-ins: the address in
 * the function that called the probed one.  Both read the first two
 * frames of the kernel or user stack with bpf_get_stack() (the kernel
 * one after the tracing machinery's frames, found as stack() finds them
 * (cg_kskip.c), so that frame 0 is stack()'s first line) and take the
 * second: frame 0 is the probe point's own function, frame 1 the return
 * address into its caller.  A stack too short to have a second frame gives 0, as
 * DTrace's caller is 0 where it has no caller to report.
 */
#include "cg.h"

int cg_caller(struct cg *cg, bool user)
{
	struct cg_kstack ks = { .skip = -1 };
	int r, p;

	if (user) {
		ks.off = (uint32_t)offsetof(struct dctx, scratch) +
			 cg_scratch(cg, 16);
		ks.ret = cg_get_stack(cg, ks.off, 16, BPF_F_USER_STACK, true);
	} else {
		cg_kstack_read(cg, 2, true, &ks);
	}
	/* the frames after the machinery: fewer than two, no caller */
	r = ks.ret;
	emit(cg->e, I_ALU64_IMM(BPF_ARSH, r, 3));
	if (ks.skip >= 0)
		emit(cg->e, I_ALU64_REG(BPF_SUB, r, ks.skip));
	p = cg_kstack_frame(cg, &ks, 1);
	emit(cg->e, I_JMP_IMM(BPF_JSGE, r, 2, 2));
	emit(cg->e, I_MOV64_IMM(r, 0));
	emit(cg->e, I_JA(1));
	emit(cg->e, I_LDX_MEM(BPF_DW, r, p, 0));
	ra_free(cg, p);
	return r;
}

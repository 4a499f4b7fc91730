/*
 * The small kit the subroutine generators (cg_subr.c, cg_subr_str.c,
 * cg_subr_net.c, and pcap() in cg_pcap.c) share: scratch buffers, byte
 * loads and stores at a bounded index, kernel structure members read
 * by their BTF offsets, loop-carried variables and loops the verifier
 * checks cheaply.  Private to those files.
 *
 * Loops.  A bounded loop that the verifier walks once per iteration,
 * with paths that branch in the body, soon exceeds its budget (it keeps
 * only some of the states it could prune against).  So each loop heads
 * with may_goto (Linux 6.9), which the verifier treats as a loop whose
 * state it checks for convergence, and keeps its state (indexes,
 * positions) in 8-byte scratch slots, which read back as unknown values
 * needing a bound check before each use: the state at the head is the
 * same on every iteration, and the loop is verified in a pass or two
 * whatever strsize is.  Each loop's own logic bounds its iterations
 * (an index that advances, a step that consumes input); may_goto's
 * budget is only the kernel's backstop.  Without may_goto the body is
 * a bpf_loop() callback (cg_loop.c): it may jump only within itself or
 * to l.out; a jump to a label after the loop goes through sl_exit().
 */
#ifndef BD_CG_SUBR_H
#define BD_CG_SUBR_H

#include "cg.h"
#include "../compile/subr.h"

/* offset of scratch byte o from REG_DCTX, for a load or store */
#define SOFF(o)	((int16_t)(offsetof(struct dctx, scratch) + (o)))
#define E(insn)	emit(cg->e, (insn))

uint32_t subr_strsize(struct cg *cg);
/* a new register, set to 0: a register that is live but not yet set
 * when a helper call spills it would be a read of an unset register */
int ra_new(struct cg *cg);

/* loop-carried variables: 8-byte slots of scratch */
uint32_t sv_new(struct cg *cg);
void sv_ld(struct cg *cg, int reg, uint32_t v);
void sv_st(struct cg *cg, uint32_t v, int reg);
void sv_st_imm(struct cg *cg, uint32_t v, int32_t imm);

/* dst = scratch[buf + idx]; idx must already be bounded */
void sb_ld(struct cg *cg, int dst, uint32_t buf, int idx);
/* scratch[buf + idx] = val (a register); uses tmp */
void sb_st(struct cg *cg, uint32_t buf, int idx, int val, int tmp);
/* jump to label unless 0 <= reg < max (unsigned compare) */
void subr_bound(struct cg *cg, int reg, uint32_t max, int label);
enum byte_map { BM_UPPER, BM_LOWER, BM_NUL_SPACE };
void subr_map_bytes(struct cg *cg, uint32_t buf, int len, enum byte_map how);

struct sloop {
	int n;		/* unused (-1) */
	int head, out;
	/* a bpf_loop() callback (cg_loop.c) */
	bool cb;
	uint16_t busy;		/* the registers live at its start */
	int saved_end;		/* the clause's end label */
	uint32_t fv;		/* scratch: which exit the body took */
	int nexits;		/* sl_exit(): inner label -> outer label */
	int exit_in[4], exit_to[4];
};
/* max_steps: the most iterations the loop's logic allows (a note) */
void sl_begin(struct cg *cg, struct sloop *l, uint32_t max_steps);
void sl_next(struct cg *cg, struct sloop *l);	/* back to the head */
void sl_end(struct cg *cg, struct sloop *l);	/* the exit is here */
/* the label the body jumps to to leave the loop for label `to`, which
 * is placed after the loop (a callback cannot jump out of itself) */
int sl_exit(struct cg *cg, struct sloop *l, int to);
/* (the sl_* kit is in cg_loop.c: may_goto, or bpf_loop() without it) */

/*
 * reg = the size (2, 4 or 8) bytes at the address in slot av + off,
 * read through scratch slot tmp; jump to fail if the read faults.
 */
void subr_kread(struct cg *cg, int reg, uint32_t av, int off, int size,
		uint32_t tmp, int fail);

/* a register pointing at scratch byte buf */
int scratch_ptr(struct cg *cg, uint32_t buf);
/* the call's result lives in the size bytes of scratch at buf, which
 * its caller keeps; the scratch above is given back (cg_subr) */
void subr_keep(struct cg *cg, uint32_t buf, uint32_t size);
/* size bytes of scratch for the result of the call being generated, as
 * its first allocation: the buffer str_in() lent it if that is big
 * enough, else new scratch */
uint32_t subr_out(struct cg *cg, uint32_t size);
/* ... and a register pointing at it */
int subr_result(struct cg *cg, uint32_t buf, uint32_t size);
/*
 * Evaluate the string n and copy it into a new scratch buffer of
 * strsize + extra bytes; its length (0 .. strsize - 1) in a new register
 * *len.  Returns the buffer's offset.  An extra strsize makes strsize
 * bytes readable from any byte of the string.
 */
uint32_t str_in(struct cg *cg, struct node *n, int *len, uint32_t extra);

/* cg_subr_str.c */
int cg_subr_str(struct cg *cg, struct node *n);
/* cg_subr_net.c */
int cg_subr_net(struct cg *cg, struct node *n);
/* cg_subr_mem.c: alloca, bcopy, copyinto */
int cg_subr_mem(struct cg *cg, struct node *n);
/* a constant size fits the clause's scratch (scratchsize); if not,
 * DTrace's compile-time D_ALLOCA_SIZE for alloca() or copyin() n */
bool cg_scratch_fits(struct cg *cg, const struct node *n, int64_t size);
/* cg_subr_path.c */
int cg_subr_path(struct cg *cg, struct node *n);
/* cg_subr_mutex.c: mutex_owned() and its kin */
int cg_subr_mutex(struct cg *cg, struct node *n);
/* cg_subr_dpath.c: d_path() */
int cg_subr_dpath(struct cg *cg, struct node *n);
/* a new register: the size-byte (4 or 8) kernel word at addr + off,
 * faulting on a bad address; tmp is an 8-byte scratch slot */
int subr_kld(struct cg *cg, int addr, int off, int size, uint32_t tmp);

#endif

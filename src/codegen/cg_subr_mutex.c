/*
 * The mutex subroutines on Linux's struct mutex, as Oracle's DTrace for
 * Linux defines them.  A mutex keeps its owner in one word, `owner` (an
 * atomic_long_t): the owning task's address, with flag bits in its low
 * three bits (MUTEX_FLAGS in kernel/locking/mutex.c: waiters, handoff,
 * pickup), which task_struct's alignment leaves free.  So
 *
 *	mutex_owner(m)		the word less its flags: the owning
 *				struct task_struct *, NULL when free
 *	mutex_owned(m)		1 if that task is the current one
 *	mutex_type_adaptive(m)	1: every Linux mutex spins on a running
 *				owner before it sleeps
 *	mutex_type_spin(m)	0: spin locks are another type (spinlock_t)
 *
 * The argument is evaluated in every case (its faults are the
 * program's).  A NULL mutex faults at address 0, an unreadable one at
 * its owner word, as any kernel read does.
 */
#include "cg_subr.h"
#include "../compile/btf.h"

/* flag bits of struct mutex's owner word */
#define MUTEX_FLAGS	0x07

/* the owner word of the mutex n, its flags cleared: a new register */
static int mutex_owner(struct cg *cg, struct node *n)
{
	int off = dbtf_offsetof(cg->types, "mutex", "owner");

	if (off < 0)
		return cg_fail(cg, n, "%s( ) is not available: no kernel BTF for struct mutex",
			       n->name), R8;
	int m = cg_expr(cg, n->args), ok = emit_label_new(cg->e);

	emit_jmp_imm(cg->e, BPF_JNE, m, 0, ok);
	cg_fault(cg, DFLT_BADADDR, m);
	emit_label_place(cg->e, ok);
	int o = subr_kld(cg, m, off, 8, sv_new(cg));

	ra_free(cg, m);
	E(I_ALU64_IMM(BPF_AND, o, ~MUTEX_FLAGS));
	return o;
}

int cg_subr_mutex(struct cg *cg, struct node *n)
{
	int r;

	switch (n->builtin) {
	case SUBR_MUTEX_OWNER:
		return mutex_owner(cg, n);
	case SUBR_MUTEX_OWNED: {
		r = mutex_owner(cg, n);
		int t = cg_task(cg), yes = emit_label_new(cg->e);
		int end = emit_label_new(cg->e);

		emit_jmp_reg(cg->e, BPF_JEQ, r, t, yes);
		E(I_MOV64_IMM(r, 0));
		emit_ja(cg->e, end);
		emit_label_place(cg->e, yes);
		E(I_MOV64_IMM(r, 1));
		emit_label_place(cg->e, end);
		ra_free(cg, t);
		return r;
	}
	default:	/* the types: a constant, once the argument is run */
		r = cg_expr(cg, n->args);
		E(I_MOV64_IMM(r, n->builtin == SUBR_MUTEX_TYPE_ADAPTIVE));
		return r;
	}
}

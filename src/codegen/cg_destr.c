/*
 * Code generation for the destructive actions that act in the kernel:
 * raise(sig) and stop() send a signal to the current process with
 * bpf_send_signal(), as DTrace's do at the probe.  system() and
 * freopen() are recorded like printf() (cg_action.c) and run by the
 * consumer (runtime/destr.c); ftruncate() records only its presence.
 * Every program using one is marked destructive, and the session
 * refuses to enable it without -w, as DTrace does.
 */
#include "cg.h"

#include <signal.h>

/* the highest signal number bpf_send_signal() accepts (_NSIG) */
#define SIG_LAST	64

static void send_signal(struct cg *cg, int sig)
{
	struct cg_arg args[] = { ARG_REG(sig) };

	cg_call(cg, BPF_FUNC_send_signal, args, 1, false);
}

int cg_destr_action(struct cg *cg, struct node *call, enum dfunc f)
{
	struct dact act = { .loc = call->loc, .kind = DACT_FTRUNCATE };
	int r, ok, bad;

	switch (f) {
	case DF_RAISE:
		cg->obj->destructive = true;
		r = cg_expr(cg, call->args);
		ok = emit_label_new(cg->e);
		bad = emit_label_new(cg->e);
		/* a bad signal number is an illegal operation, as in DTrace */
		emit_jmp_imm(cg->e, BPF_JSLT, r, 1, bad);
		emit_jmp_imm(cg->e, BPF_JSLE, r, SIG_LAST, ok);
		emit_label_place(cg->e, bad);
		cg_fault(cg, DFLT_ILLOP, -1);
		emit_label_place(cg->e, ok);
		send_signal(cg, r);
		return 0;
	case DF_STOP:
		cg->obj->destructive = true;
		r = ra_alloc(cg);
		emit(cg->e, I_MOV64_IMM(r, SIGSTOP));
		send_signal(cg, r);
		return 0;
	case DF_CHILL:
		return cg_chill(cg, call);
	case DF_FTRUNCATE:
		if (!cg->stmt_done)
			vec_push(&cg->acts, act);
		return 0;
	default:
		return cg_fail(cg, call, "%s( ) is not supported yet", call->name);
	}
}

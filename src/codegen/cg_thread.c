/*
 * The thread a probe describes.  Most probes describe the thread they
 * fire in, whose built-ins come from the helpers about "current".  A
 * few describe another thread (struct attach other_thread): before
 * Linux 6.16, sched:::on-cpu fires at sched_switch, which runs in the
 * outgoing thread, yet DTrace's on-cpu is the incoming one's.  There
 * the provider's prologue leaves that thread's task_struct in
 * dctx->thread, and the built-ins read it from there: curthread (and so
 * curpsinfo, curlwpsinfo, curcpu), pid, tid, ppid, uid, gid, execname,
 * vtimestamp, cwd, root and self-> variables.
 *
 * What only the running thread can give (its stacks: stack(), ustack(),
 * stackdepth, caller; its user memory: copyin(), uregs[], execargs;
 * raise() and stop(), which signal the current task) would silently be
 * the outgoing thread's: a helper call that asks for it is refused at
 * compile time, with the reason.  (bpf_get_task_stack() could walk the
 * incoming thread's kernel stack, but it wants a typed task pointer,
 * which a raw tracepoint's arguments are not.)
 */
#include "cg.h"

#include <string.h>

#include "../compile/btf.h"
#include "../providers/provider.h"
#include "../runtime/options.h"

bool cg_other_thread(const struct cg *cg)
{
	return cg->at && cg->at->other_thread;
}

int cg_task(struct cg *cg)
{
	int r;

	if (!cg_other_thread(cg))
		return cg_call(cg, BPF_FUNC_get_current_task, NULL, 0, true);
	r = ra_alloc(cg);
	emit(cg->e, I_LDX_MEM(BPF_DW, r, REG_DCTX,
			      offsetof(struct dctx, thread)));
	return r;
}

/* a new register: the size-byte word at addr + off (addr is freed); 0
 * if it cannot be read */
static int kread(struct cg *cg, int addr, int off, int size)
{
	static const int sz[] = { [4] = BPF_W, [8] = BPF_DW };
	uint32_t k = cg_scratch(cg, 8);
	int r;

	emit(cg->e, I_ALU64_IMM(BPF_ADD, addr, off));
	struct cg_arg a[] = { ARG_DCTX(k), ARG_IMM(size), ARG_REG(addr) };

	cg_call(cg, BPF_FUNC_probe_read_kernel, a, 3, false);
	r = ra_alloc(cg);
	emit(cg->e, I_LDX_MEM(sz[size], r, REG_DCTX,
			      offsetof(struct dctx, scratch) + k));
	return r;
}

static int task_off(struct cg *cg, const char *sou, const char *member)
{
	return dbtf_offsetof(cg->types, sou, member);
}

/* the thread's execname: its comm, into scratch */
static int task_comm(struct cg *cg, struct node *n)
{
	int comm = task_off(cg, "task_struct", "comm");
	uint32_t off = cg_scratch(cg, (uint32_t)cg->opts->strsize);
	int t, r;

	if (comm < 0)
		return cg_fail(cg, n, "execname is not available: no kernel BTF for task_struct"), R8;
	t = cg_task(cg);
	emit(cg->e, I_ALU64_IMM(BPF_ADD, t, comm));
	struct cg_arg a[] = { ARG_DCTX(off), ARG_IMM(16), ARG_REG(t) };

	cg_call(cg, BPF_FUNC_probe_read_kernel_str, a, 3, false);
	r = ra_alloc(cg);
	emit(cg->e, I_MOV64_REG(r, REG_DCTX));
	emit(cg->e, I_ALU64_IMM(BPF_ADD, r, offsetof(struct dctx, scratch) + off));
	return r;
}

int cg_thread_builtin(struct cg *cg, struct node *n)
{
	const char *member;
	int off, off2 = -1, r;

	switch (n->builtin) {
	case BV_PID:
		member = "tgid";
		break;
	case BV_TID:
		member = "pid";
		break;
	case BV_UID: case BV_GID:
		member = "cred";
		off2 = task_off(cg, "cred", n->builtin == BV_UID ? "uid" : "gid");
		break;
	case BV_EXECNAME:
		return task_comm(cg, n);
	default:
		return -1;
	}
	off = task_off(cg, "task_struct", member);
	if (off < 0 || (n->builtin == BV_UID || n->builtin == BV_GID ?
			off2 < 0 : false))
		return cg_fail(cg, n, "%s is not available: no kernel BTF for task_struct", n->name), R8;
	if (off2 >= 0) {
		r = kread(cg, cg_task(cg), off, 8);
		r = kread(cg, r, off2, 4);
	} else {
		r = kread(cg, cg_task(cg), off, 4);
	}
	cg_normalize(cg, r, n->type);
	return r;
}

int cg_thread_key(struct cg *cg)
{
	int tgid = task_off(cg, "task_struct", "tgid");
	int pid = task_off(cg, "task_struct", "pid");
	int hi, lo;

	if (!cg_other_thread(cg))
		return cg_call(cg, BPF_FUNC_get_current_pid_tgid, NULL, 0, true);
	if (tgid < 0 || pid < 0)
		return cg_fail(cg, cg->clause, "self-> variables are not available: no kernel BTF for task_struct"), R8;
	/* as bpf_get_current_pid_tgid(): tgid << 32 | pid */
	hi = kread(cg, cg_task(cg), tgid, 4);
	lo = kread(cg, cg_task(cg), pid, 4);
	emit(cg->e, I_ALU64_IMM(BPF_LSH, hi, 32));
	emit(cg->e, I_ALU64_REG(BPF_OR, hi, lo));
	ra_free(cg, lo);
	return hi;
}

/*
 * Helpers that act on the running thread: refused where the probe
 * describes another (see the top).  Called by cg_call.
 */
void cg_thread_check_helper(struct cg *cg, int fn)
{
	const struct probe *p;

	switch (fn) {
	case BPF_FUNC_probe_read_user:
	case BPF_FUNC_probe_read_user_str:
	case BPF_FUNC_get_current_pid_tgid:
	case BPF_FUNC_get_current_uid_gid:
	case BPF_FUNC_get_current_comm:
	case BPF_FUNC_get_current_task:
	case BPF_FUNC_get_current_task_btf:
	case BPF_FUNC_send_signal:
	case BPF_FUNC_send_signal_thread:
	case BPF_FUNC_get_stack:
		break;
	default:
		return;
	}
	if (!cg_other_thread(cg) || !cg->clause || diag_failed(cg->diag))
		return;
	p = cg->at->probes[0];
	diag_error(cg->diag, cg->clause->loc, D_UNSUPPORTED,
		   "%s:%s:%s:%s describes a thread that is not running on this kernel: its stacks, user memory, registers and signals are not available",
		   p->provname, p->mod, p->func, p->name);
}

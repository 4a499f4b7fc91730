/*
 * A traced process's children.  A uprobe attached for one process does
 * not fire in the children it forks (the kernel filters each firing on
 * the process), but DTrace's probes for a process fire in its forked
 * children too, whose probe sites are its own.  A program of ours on
 * the sched_process_fork tracepoint, which runs in the parent before the
 * child is first scheduled, looks the parent up in a map of the
 * processes followed (each with the -c or -p process it descends
 * from), enters the child there, stops it with SIGSTOP
 * (bpf_send_signal_task(), Linux 6.13), and reports it on a ring.  The
 * consumer then waits for the stop, attaches the uprobes of the
 * ancestor's probes again for the child, with the same probe ids as
 * cookies, and lets it go on: nothing the child does after fork() is
 * missed.  Threads (same process) are not children.  Kernels without
 * the kfunc (before 6.13) cannot stop another task: the child stops
 * itself, by a program on the exits of the system calls that make
 * processes, which it passes in its own context as it first returns to
 * user space (xprog_load).  A program on sched_process_exec stops the
 * processes followed that start a program for the D program to be
 * compiled against it (exec_load; needs no kfunc).  Such a process stays
 * its root's descendant: its children have the root's probes and the
 * new program's (struct src), as the kernel keeps its own attachments.
 */
#include "ufork.h"

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/epoll.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../codegen/dobj.h"
#include "../codegen/emit.h"
#include "../codegen/insn.h"
#include "../lib/btf_path.h"
#include "../lib/kbtf.h"
#include "../providers/prov.h"
#include "../providers/provider.h"
#include "../providers/stp.h"
#include "../providers/uproc.h"
#include "proc.h"
#include "ulate.h"

#define FOLLOW_MAX	4096	/* processes followed at once */

/* FOLLOW_MAX, or BDT_FOLLOW_MAX (a test's small map) */
static uint32_t follow_max(void)
{
	const char *s = getenv("BDT_FOLLOW_MAX");
	long n = s ? strtol(s, NULL, 10) : 0;

	return n > 0 && n <= FOLLOW_MAX ? (uint32_t)n : FOLLOW_MAX;
}
#define PIDTYPE_PID	0	/* the kernel's enum pid_type */

/*
 * What the programs put on the ring (struct report) and in the maps
 * (struct follow), at fp-16: the process, what happened to it, then
 * its value in the map of the processes followed.
 */
enum { REPORT_FORK, REPORT_EXEC };

/*
 * A process followed: the -c or -p process it descends from (0: one of
 * dtrace's own descendants, watched for the programs they start), and
 * the last of its ancestors, or itself, that started a program and has
 * probes of its own since (an index in ufork.srcs plus 1; 0: none).
 */
struct follow {
	uint32_t root;
	uint32_t src;
};

/* A process followed that started a program and has probes since. */
struct src {
	int pid;
	uint32_t up;	/* the src it had before (struct follow), or 0 */
};

struct report {
	uint32_t pid;
	uint32_t what;		/* REPORT_FORK or REPORT_EXEC */
	struct follow fl;
};

/* R1 = map, R2 = fp + off: a map helper's first two arguments */
static void map_key_fp(struct emit *e, int map, int16_t off)
{
	emit_ld_map(e, R1, map);	/* (a map's fd: loaded as is) */
	emit(e, I_MOV64_REG(R2, R10));
	emit(e, I_ALU64_IMM(BPF_ADD, R2, off));
}

/* The report at fp-16 to the ring, then the program's end at label out. */
static void ring_out_report(struct emit *e, int ring, int out)
{
	map_key_fp(e, ring, -16);
	emit(e, I_MOV64_IMM(R3, 16));
	emit(e, I_MOV64_IMM(R4, 0));
	emit(e, I_CALL(BPF_FUNC_ringbuf_output));
	emit_label_place(e, out);
	emit(e, I_MOV64_IMM(R0, 0));
	emit(e, I_EXIT());
}

/*
 * The fork hook's start (tp_btf: ctx[0] the parent, ctx[1] the child):
 * the parent followed and the child a new process, then the report of
 * the child's fork at fp-16 and the child entered in map with the
 * parent's struct follow (R9, R7 its root); else to label out.
 */
static void fork_enter(struct emit *e, int map, uint32_t tgid_off, int out)
{
	emit(e, I_MOV64_REG(R6, R1));
	emit(e, I_CALL(BPF_FUNC_get_current_pid_tgid));
	emit(e, I_ALU64_IMM(BPF_RSH, R0, 32));
	emit(e, I_STX_MEM(BPF_W, R10, R0, -24));
	map_key_fp(e, map, -24);
	emit(e, I_CALL(BPF_FUNC_map_lookup_elem));
	emit_jmp_imm(e, BPF_JEQ, R0, 0, out);
	emit(e, I_LDX_MEM(BPF_W, R7, R0, 0));			/* root */
	emit(e, I_LDX_MEM(BPF_DW, R9, R0, 0));			/* follow */
	emit(e, I_LDX_MEM(BPF_DW, R8, R6, 8));			/* child */
	emit_jmp_imm(e, BPF_JEQ, R8, 0, out);
	emit(e, I_LDX_MEM(BPF_W, R1, R8, (int16_t)tgid_off));
	emit(e, I_LDX_MEM(BPF_W, R2, R10, -24));
	emit_jmp_reg(e, BPF_JEQ, R1, R2, out);			/* a thread */
	emit(e, I_STX_MEM(BPF_W, R10, R1, -16));
	emit(e, I_ST_MEM(BPF_W, R10, -12, REPORT_FORK));
	emit(e, I_STX_MEM(BPF_DW, R10, R9, -8));
	map_key_fp(e, map, -16);
	emit(e, I_MOV64_REG(R3, R10));
	emit(e, I_ALU64_IMM(BPF_ADD, R3, -8));
	emit(e, I_MOV64_IMM(R4, BPF_ANY));
	emit(e, I_CALL(BPF_FUNC_map_update_elem));
}

/*
 * e's program loaded as name, of type (a tp_btf one on the tracepoint
 * of BTF type btf_id if BPF_PROG_TYPE_TRACING); e is freed.
 */
static int prog_load(struct emit *e, enum bpf_prog_type type,
		     const char *name, uint32_t btf_id)
{
	LIBBPF_OPTS(bpf_prog_load_opts, opts,
		    .expected_attach_type = BPF_TRACE_RAW_TP,
		    .attach_btf_id = btf_id);
	int fd = -1;

	if (emit_finish(e) == 0)
		fd = bpf_prog_load(type, name, "GPL", e->insns,
				   (uint32_t)e->len,
				   type == BPF_PROG_TYPE_TRACING ? &opts : NULL);
	emit_free(e);
	return fd;
}

struct ufork {
	struct dobj *obj;
	struct procs *procs;
	struct ulate *late;	/* new programs: compiled for (ulate_exec) */
	/* the compilations since (libraries loaded while tracing), whose
	 * probes a process's children need as much as obj's */
	struct ulate *since;
	struct ring_buffer *rb;	/* the ring's own consumer (ufork_poll) */
	/*
	 * the processes followed that started a program and have probes
	 * of their own since, in the order they did (struct follow.src
	 * indexes it from 1); a child has their sites as its parent had
	 */
	VEC(struct src) srcs;
	int map, ring, prog, link, eprog, elink;
	int xitprog, xitlink;	/* the exit hook (exit_load) */
	/*
	 * without bpf_send_signal_task() (before Linux 6.13): the children
	 * not yet stopped (pend), stopped by xprog as they first return to
	 * user space, on the syscall tracepoints of fork and clone (xfds)
	 */
	int pend, xprog;
	int xfds[8];
	size_t nxfds;
};

/* What the hook needs from the kernel's BTF; false if it lacks any. */
struct hook_btf {
	uint32_t tp_id;		/* btf_trace_sched_process_fork */
	uint32_t exec_id;	/* btf_trace_sched_process_exec */
	uint32_t kfunc_id;	/* bpf_send_signal_task */
	uint32_t tgid_off;	/* task_struct.tgid */
	uint32_t exit_id;	/* btf_trace_sched_process_exit, or 0 */
	bool exit_group;	/* with its group_dead argument (newer kernels) */
};

/* The number of arguments of the tracepoint of BTF typedef btf_trace_X */
static int tp_nargs(const struct btf *btf, uint32_t id)
{
	const struct btf_type *t = btf__type_by_id(btf, id);

	/* typedef -> pointer -> the function's prototype, whose first
	 * parameter is the tracepoint's data, not one of its arguments */
	for (int i = 0; t && i < 2; i++)
		t = btf__type_by_id(btf, t->type);
	return t && btf_is_func_proto(t) ? btf_vlen(t) - 1 : 0;
}

static bool hook_btf_read(struct dobj *obj, struct hook_btf *h)
{
	/* the run's copy, which compiling the program has read already */
	struct btf *btf = obj->ptab ? kbtf_vmlinux(probes_kbtf(obj->ptab))
				    : NULL;
	int tp, kf, off;
	bool ok;

	if (!btf)
		return false;
	tp = btf__find_by_name_kind(btf, "btf_trace_sched_process_fork",
				    BTF_KIND_TYPEDEF);
	kf = btf__find_by_name_kind(btf, "bpf_send_signal_task", BTF_KIND_FUNC);
	off = btfp_offsetof(btf, "task_struct", "tgid");
	ok = tp > 0 && off >= 0;
	h->tgid_off = off < 0 ? 0 : (uint32_t)off;
	/* BDT_FORK_KFUNC=0: the older kernels' way, to test it anywhere */
	if (kf < 0 || (getenv("BDT_FORK_KFUNC") &&
		       strcmp(getenv("BDT_FORK_KFUNC"), "0") == 0))
		kf = 0;
	h->tp_id = (uint32_t)tp;
	tp = btf__find_by_name_kind(btf, "btf_trace_sched_process_exec",
				    BTF_KIND_TYPEDEF);
	h->exec_id = tp > 0 ? (uint32_t)tp : 0;
	h->kfunc_id = (uint32_t)kf;
	tp = btf__find_by_name_kind(btf, "btf_trace_sched_process_exit",
				    BTF_KIND_TYPEDEF);
	h->exit_id = tp > 0 ? (uint32_t)tp : 0;
	h->exit_group = tp > 0 && tp_nargs(btf, (uint32_t)tp) >= 2;
	return ok;
}

/*
 * The hook (tp_btf: ctx[0] the parent, ctx[1] the child): the parent
 * followed and the child a new process, then the child entered as the
 * parent is; unless its struct follow is 0 (one of dtrace's own
 * descendants with no probes in its line, watched for the programs they
 * start), SIGSTOP sent to it and its fork reported.
 */
static int hook_load(const struct hook_btf *h, int map, int ring)
{
	struct emit e = { 0 };
	int out = emit_label_new(&e);

	fork_enter(&e, map, h->tgid_off, out);
	emit_jmp_imm(&e, BPF_JEQ, R9, 0, out);			/* watched */
	emit(&e, I_MOV64_REG(R1, R8));
	emit(&e, I_MOV64_IMM(R2, SIGSTOP));
	emit(&e, I_MOV64_IMM(R3, PIDTYPE_PID));
	emit(&e, I_MOV64_IMM(R4, 0));
	emit(&e, INSN(BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_KFUNC_CALL, 0,
		      h->kfunc_id));
	ring_out_report(&e, ring, out);
	return prog_load(&e, BPF_PROG_TYPE_TRACING, "dtrace_fork", h->tp_id);
}

/*
 * The hook without the kfunc: the child entered as the parent is, and,
 * unless its struct follow is 0, in pend too, for xprog_load's program to stop.
 */
static int hook_load_pend(const struct hook_btf *h, int map, int pend)
{
	struct emit e = { 0 };
	int out = emit_label_new(&e);

	fork_enter(&e, map, h->tgid_off, out);
	emit_jmp_imm(&e, BPF_JEQ, R9, 0, out);			/* watched */
	map_key_fp(&e, pend, -16);
	emit(&e, I_MOV64_REG(R3, R10));
	emit(&e, I_ALU64_IMM(BPF_ADD, R3, -8));
	emit(&e, I_MOV64_IMM(R4, BPF_ANY));
	emit(&e, I_CALL(BPF_FUNC_map_update_elem));
	emit_label_place(&e, out);
	emit(&e, I_MOV64_IMM(R0, 0));
	emit(&e, I_EXIT());
	return prog_load(&e, BPF_PROG_TYPE_TRACING, "dtrace_fork", h->tp_id);
}

/*
 * A new child returns from fork() or clone() in its own context, through
 * the syscall exit tracepoints, before its first user instruction: one
 * in pend stops itself there (bpf_send_signal(), delivered on that
 * return) and its fork is reported.
 */
static int xprog_load(int pend, int ring)
{
	struct emit e = { 0 };
	int out = emit_label_new(&e);

	emit(&e, I_CALL(BPF_FUNC_get_current_pid_tgid));
	emit(&e, I_ALU64_IMM(BPF_RSH, R0, 32));
	emit(&e, I_STX_MEM(BPF_W, R10, R0, -16));
	emit(&e, I_ST_MEM(BPF_W, R10, -12, REPORT_FORK));
	map_key_fp(&e, pend, -16);
	emit(&e, I_CALL(BPF_FUNC_map_lookup_elem));
	emit_jmp_imm(&e, BPF_JEQ, R0, 0, out);
	emit(&e, I_LDX_MEM(BPF_DW, R1, R0, 0));			/* follow */
	emit(&e, I_STX_MEM(BPF_DW, R10, R1, -8));
	map_key_fp(&e, pend, -16);
	emit(&e, I_CALL(BPF_FUNC_map_delete_elem));
	emit(&e, I_MOV64_IMM(R1, SIGSTOP));
	emit(&e, I_CALL(BPF_FUNC_send_signal));
	ring_out_report(&e, ring, out);
	return prog_load(&e, BPF_PROG_TYPE_TRACEPOINT, "dtrace_forkret", 0);
}

/* xprog on the exits of the system calls that make processes; 0 or -1 */
static int xprog_attach(struct ufork *f)
{
	static const char *const calls[] = {
		"syscalls/sys_exit_clone", "syscalls/sys_exit_clone3",
		"syscalls/sys_exit_fork", "syscalls/sys_exit_vfork",
	};
	const char *root = tracefs_path();

	for (size_t i = 0; root && i < sizeof(calls) / sizeof(calls[0]); i++) {
		struct perf_event_attr attr = { .size = sizeof(attr),
						.type = PERF_TYPE_TRACEPOINT };
		int id = tracefs_event_id(root, calls[i]), pfd;

		if (id < 0)
			continue;	/* (no fork(2) on some machines) */
		attr.config = (uint64_t)id;
		pfd = (int)syscall(__NR_perf_event_open, &attr, -1, 0, -1,
				   PERF_FLAG_FD_CLOEXEC);
		if (pfd < 0)
			return -1;
		f->xfds[f->nxfds++] = pfd;
		if (ioctl(pfd, PERF_EVENT_IOC_SET_BPF, f->xprog) < 0)
			return -1;
	}
	return f->nxfds ? 0 : -1;
}

/*
 * The exec hook (tp_btf sched_process_exec, in the process): a process
 * followed has started a program.  One that was dtrace's own descendant
 * without probes (root 0), or any one when every new program is looked
 * at (all: a provider glob), stops (SIGSTOP), and its exec is reported.
 * It stays followed as it was: the uprobes attached for it stay too
 * (the kernel puts them in the new program's mappings of their files),
 * and its children are its root's descendants as before.
 */
static int exec_load(uint32_t tp_id, int map, int ring, bool all)
{
	struct emit e = { 0 };
	int out = emit_label_new(&e);

	emit(&e, I_CALL(BPF_FUNC_get_current_pid_tgid));
	emit(&e, I_ALU64_IMM(BPF_RSH, R0, 32));
	emit(&e, I_STX_MEM(BPF_W, R10, R0, -16));
	emit(&e, I_ST_MEM(BPF_W, R10, -12, REPORT_EXEC));
	map_key_fp(&e, map, -16);
	emit(&e, I_CALL(BPF_FUNC_map_lookup_elem));
	emit_jmp_imm(&e, BPF_JEQ, R0, 0, out);
	emit(&e, I_LDX_MEM(BPF_DW, R1, R0, 0));			/* follow */
	emit(&e, I_STX_MEM(BPF_DW, R10, R1, -8));
	emit(&e, I_LDX_MEM(BPF_W, R1, R0, 0));			/* root */
	if (!all)	/* (else every one stops) */
		emit_jmp_imm(&e, BPF_JNE, R1, 0, out);	/* it had probes */
	emit(&e, I_MOV64_IMM(R1, SIGSTOP));
	emit(&e, I_CALL(BPF_FUNC_send_signal_thread));
	ring_out_report(&e, ring, out);
	return prog_load(&e, BPF_PROG_TYPE_TRACING, "dtrace_exec", tp_id);
}

/*
 * The exit hook (tp_btf sched_process_exit, in the exiting thread): a
 * process that ends leaves map and pend, so that a long session's
 * short-lived processes do not fill them (and a pid used again is not
 * followed for the process that had it).  The process ends with the
 * last of its threads (group_dead, an argument of newer kernels'
 * tracepoint); without it, with its first thread, whose id is the process's.
 */
static int exit_load(const struct hook_btf *h, int map, int pend)
{
	struct emit e = { 0 };
	int out = emit_label_new(&e);

	emit(&e, I_MOV64_REG(R6, R1));
	emit(&e, I_CALL(BPF_FUNC_get_current_pid_tgid));
	emit(&e, I_MOV64_REG(R7, R0));
	emit(&e, I_ALU64_IMM(BPF_RSH, R7, 32));
	if (h->exit_group) {
		emit(&e, I_LDX_MEM(BPF_DW, R1, R6, 8));	/* group_dead */
		emit_jmp_imm(&e, BPF_JEQ, R1, 0, out);
	} else {
		emit(&e, I_MOV32_REG(R0, R0));			/* the thread */
		emit_jmp_reg(&e, BPF_JNE, R0, R7, out);
	}
	emit(&e, I_STX_MEM(BPF_W, R10, R7, -4));
	map_key_fp(&e, map, -4);
	emit(&e, I_CALL(BPF_FUNC_map_delete_elem));
	if (pend >= 0) {
		map_key_fp(&e, pend, -4);
		emit(&e, I_CALL(BPF_FUNC_map_delete_elem));
	}
	emit_label_place(&e, out);
	emit(&e, I_MOV64_IMM(R0, 0));
	emit(&e, I_EXIT());
	return prog_load(&e, BPF_PROG_TYPE_TRACING, "dtrace_pexit", h->exit_id);
}

/* The sites of process from in obj's probes attached for child too. */
static void attach_child(struct dobj *obj, int from, int child)
{
	for (size_t i = 0; i < obj->progs.len; i++) {
		struct dprog *p = &obj->progs.data[i];

		if (p->at)
			uprobe_attach_fork(p->at, p->fd, from, child);
	}
}

/* ... in every compilation's probes */
static void attach_from(struct ufork *f, int from, int child)
{
	attach_child(f->obj, from, child);
	for (size_t i = 0; i < ulate_nobjs(f->since); i++)
		attach_child(ulate_obj(f->since, i), from, child);
}

/*
 * The child has stopped: the sites its parent has attached for it (its
 * root's, and those of each program started in its line since), and it
 * goes on (even if it did not stop in time: it must not stay stopped).
 */
static void child_forked(struct ufork *f, int child, const struct follow *fl)
{
	if (proc_hold(f->procs, child) == 0) {
		if (fl->root)
			attach_from(f, (int)fl->root, child);
		for (uint32_t s = fl->src; s && s <= f->srcs.len;
		     s = f->srcs.data[s - 1].up)
			attach_from(f, f->srcs.data[s - 1].pid, child);
	}
	kill(child, SIGCONT);
}

/*
 * A process followed has started a program and stopped: the D program
 * is compiled against it.  One of a root's lines has the new program's
 * sites from now on, which its children are to have too: it becomes
 * its own src (before it goes on, so before it can fork).  So does one
 * of dtrace's own descendants (root 0, a system() command's) if the new
 * program has probes: its children are then stopped and given them, as
 * a root's are; if it has none, it is watched as before.
 */
static void program_started(struct ufork *f, int pid, struct follow fl)
{
	uint32_t key = (uint32_t)pid;
	struct follow was = fl;
	bool found;

	if (fl.root != key) {
		struct src s = { .pid = pid, .up = fl.src };

		vec_push(&f->srcs, s);
		fl.src = (uint32_t)f->srcs.len;
		bpf_map_update_elem(f->map, &key, &fl, BPF_EXIST);
	}
	found = f->late && ulate_exec(f->late, pid);
	if (!fl.root && !found && fl.src != was.src) {
		/* (a child forked meanwhile was stopped for nothing; its
		 * src stays in srcs, which it names) */
		bpf_map_update_elem(f->map, &key, &was, BPF_EXIST);
	}
}

static int on_fork(void *ctx, void *data, size_t size)
{
	struct ufork *f = ctx;
	struct report r;

	if (size < sizeof(r))
		return 0;
	memcpy(&r, data, sizeof(r));
	if (r.what == REPORT_EXEC)
		program_started(f, (int)r.pid, r.fl);
	else if (r.fl.root || r.fl.src)
		child_forked(f, (int)r.pid, &r.fl);
	return 0;
}

/* Are there uprobes of a process that its children need again? */
static bool has_uprobes(const struct dobj *obj)
{
	for (size_t i = 0; i < obj->progs.len; i++)
		if (uprobe_forks(obj->progs.data[i].at))
			return true;
	return false;
}

/*
 * The ring has its own consumer, so that the consumer can read it while
 * it waits for a system() command (whose programs stop for it) inside
 * the session ring's callback; the session's wait wakes for it too.
 */
static int watch_with(struct ufork *f, struct ring_buffer *rb)
{
	struct epoll_event ev = { .events = EPOLLIN, .data.u32 = UINT32_MAX };

	return epoll_ctl(ring_buffer__epoll_fd(rb), EPOLL_CTL_ADD,
			 ring_buffer__epoll_fd(f->rb), &ev);
}

int ufork_fd(const struct ufork *f)
{
	return f && f->rb ? ring_buffer__epoll_fd(f->rb) : -1;
}

void ufork_poll(void *f)
{
	if (f && ((struct ufork *)f)->rb)
		ring_buffer__consume(((struct ufork *)f)->rb);
}

/* Is pid one of the -c and -p processes? */
static bool is_target(const struct procs *procs, long pid)
{
	for (size_t i = 0; procs && i < procs->v.len; i++)
		if (procs->v.data[i].pid == pid)
			return true;
	return false;
}

/*
 * Can a description find probes in a process other than the -c and -p
 * ones (a provider glob, `app*:::`, or another process's id)?  Only then
 * are the programs that dtrace's descendants start compiled for: a new
 * program cannot add to `pid$target`'s probes.
 */
static bool finds_others(const struct dobj *obj, const struct procs *procs)
{
	for (size_t i = 0; i < obj->descs.len; i++) {
		const char *prov = obj->descs.data[i].f[0];
		long pid = prov ? uproc_desc_pid(prov) : 0;

		if (prov && (probes_is_glob(prov) ||
			     (pid > 0 && !is_target(procs, pid))))
			return true;
	}
	return false;
}

int ufork_open(struct dobj *obj, struct procs *procs, struct ulate *late,
	       struct ring_buffer *rb, struct ufork **out)
{
	/* (a library the process loads later may bring uprobes too) */
	bool children = procs && procs->v.len && (has_uprobes(obj) || late);
	struct ulate *since = late;
	bool all;
	struct hook_btf h;
	struct ufork *f;

	*out = NULL;
	if (late && !finds_others(obj, procs))
		late = NULL;	/* no new program can have its probes */
	all = late && procs && procs->v.len;
	if (!rb || (!children && !late) || !hook_btf_read(obj, &h))
		return 0;
	f = xcalloc(1, sizeof(*f));
	f->obj = obj;
	f->procs = procs;
	f->late = late;
	f->since = since;
	f->prog = f->link = f->eprog = f->elink = f->pend = f->xprog = -1;
	f->xitprog = f->xitlink = -1;
	f->map = bpf_map_create(BPF_MAP_TYPE_HASH, "dt_ufollow", 4,
				sizeof(struct follow), follow_max(), NULL);
	f->ring = bpf_map_create(BPF_MAP_TYPE_RINGBUF, "dt_ufork", 0, 0, 4096,
				 NULL);
	/* the -c and -p processes: root themselves, or 0 (watched for the
	 * programs they and theirs start) when they have no probes */
	for (size_t i = 0; (children || all) && f->map >= 0 &&
			   i < procs->v.len; i++) {
		uint32_t pid = (uint32_t)procs->v.data[i].pid;
		struct follow fl = { .root = children ? pid : 0 };

		if (procs->v.data[i].live)
			bpf_map_update_elem(f->map, &pid, &fl, BPF_ANY);
	}
	if (late && f->map >= 0 && f->ring >= 0 && h.exec_id) {
		/* dtrace's descendants (system()'s): root 0, watched */
		uint32_t self = (uint32_t)getpid();
		struct follow none = { 0 };

		bpf_map_update_elem(f->map, &self, &none, BPF_ANY);
		f->eprog = exec_load(h.exec_id, f->map, f->ring, all);
		if (f->eprog >= 0)
			f->elink = bpf_raw_tracepoint_open(NULL, f->eprog);
	}
	if (f->map >= 0 && f->ring >= 0 && h.kfunc_id) {
		f->prog = hook_load(&h, f->map, f->ring);
	} else if (f->map >= 0 && f->ring >= 0) {
		f->pend = bpf_map_create(BPF_MAP_TYPE_HASH, "dt_ufpend", 4,
					 sizeof(struct follow), follow_max(),
					 NULL);
		if (f->pend >= 0)
			f->xprog = xprog_load(f->pend, f->ring);
		if (f->xprog >= 0 && xprog_attach(f) == 0)
			f->prog = hook_load_pend(&h, f->map, f->pend);
	}
	if (f->prog >= 0 && h.exit_id) {
		/* (without it, processes stay in the map until it is full) */
		f->xitprog = exit_load(&h, f->map, f->pend);
		if (f->xitprog >= 0)
			f->xitlink = bpf_raw_tracepoint_open(NULL, f->xitprog);
	}
	if (f->prog >= 0)
		f->link = bpf_raw_tracepoint_open(NULL, f->prog);
	if (f->link >= 0)
		f->rb = ring_buffer__new(f->ring, on_fork, f, NULL);
	if (!f->rb || watch_with(f, rb) < 0) {
		/* the kernel cannot stop a child for us: not followed */
		ufork_close(f);
		return 0;
	}
	*out = f;
	return 0;
}

/*
 * A child stopped but not yet seen (tracing ends meanwhile) must not
 * stay stopped: every child followed is sent SIGCONT, which a running
 * process ignores.
 */
static void release_children(struct ufork *f)
{
	uint32_t key, next;
	struct follow fl;
	bool first = true;

	while (bpf_map_get_next_key(f->map, first ? NULL : &key, &next) == 0) {
		first = false;
		key = next;
		if (bpf_map_lookup_elem(f->map, &key, &fl) == 0 &&
		    fl.root != key)
			kill((int)key, SIGCONT);
	}
}

void ufork_close(struct ufork *f)
{
	if (!f)
		return;
	if (f->elink >= 0)
		close(f->elink);
	if (f->eprog >= 0)
		close(f->eprog);
	if (f->link >= 0)
		close(f->link);
	if (f->xitlink >= 0)
		close(f->xitlink);
	if (f->xitprog >= 0)
		close(f->xitprog);
	for (size_t i = 0; i < f->nxfds; i++)
		close(f->xfds[i]);
	if (f->map >= 0)
		release_children(f);
	if (f->xprog >= 0)
		close(f->xprog);
	if (f->pend >= 0)
		close(f->pend);
	if (f->prog >= 0)
		close(f->prog);
	ring_buffer__free(f->rb);
	if (f->ring >= 0)
		close(f->ring);
	if (f->map >= 0)
		close(f->map);
	vec_free(&f->srcs);
	free(f);
}

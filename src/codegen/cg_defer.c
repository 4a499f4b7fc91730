/*
 * User memory that is not paged in.  A string a process passes to
 * open() may sit in a page it has not touched yet (the dynamic linker's
 * "/etc/ld.so.cache", in its read-only data): the kernel will fault it
 * in when it copies the path, but a BPF program on the system call's
 * entry cannot, so copyinstr() fails there with EFAULT, and DTrace's
 * "invalid address" would be reported for memory that is there.  The
 * same holds at a uprobe (pid, USDT) for a string the function has not
 * read yet.  Sleepable programs, which could fault it in, are not
 * allowed on system call tracepoints before Linux 6.19, and the probe
 * context the clauses use is per CPU, which a program that may sleep
 * cannot hold.
 *
 * So such a firing is finished later: where a copyin(), copyinstr() or
 * copyinto() fails with EFAULT on an address past the null page, the
 * program saves the firing (probe id, arguments, timestamp, this->, the
 * clause it stopped in, and the failed copy's address and length) in a
 * hash map keyed by thread and attach point, and ends without a record.
 * A second program generated from the same clauses (the replay) takes
 * the saved firing, puts its probe id, arguments, timestamp and this->
 * back into the context, and runs the clauses from the one that
 * stopped on: they see the firing's probe, arguments and timestamp, and
 * their records follow each other as at the firing.  A copy that fails
 * there is a fault as before: the memory is truly not there.
 *
 * - At a system call's entry (the syscall provider's raw sys_enter
 *   path) the replay is on the raw sys_exit tracepoint, when the kernel
 *   has read the memory; attached before the programs of return probes,
 *   so its records come before theirs (those of probes that fire inside
 *   the system call, in the same thread, come before it).  errno is 0.
 * - At a uprobe (pid, USDT) the replay is on the same uprobe, and
 *   between the two a sleepable program (emit_faultin) touches the
 *   failed copy's pages with the faulting bpf_copy_from_user(), reading
 *   nothing of the per-CPU context.  The kernel runs a uprobe's
 *   consumers newest first (it puts each new one at the head of the
 *   uprobe's list), so the replay is attached first, then the fault-in
 *   program, then the main one: the three run one after the other on
 *   the same hit, in the same thread, and the records come where the
 *   firing's would have.  That holds of uprobe_multi links (Linux 6.6)
 *   and of perf-event uprobes (before: a consumer per perf event, each
 *   running its own program, a sleepable one too, as Linux 6.1 does:
 *   tests/vm).
 *
 * Only what can be run twice is deferred: a copy in the predicate, or
 * in a statement before which the clause changed nothing (no variable
 * but this->, no aggregation, no action with an effect), so that the
 * firing's effects happen once, in the replay.  execve() is not
 * deferred: at its return the process has a new address space.
 * -x nodefer turns all this off.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "cg.h"
#include "cg_subr.h"
#include "../providers/provider.h"
#include "../runtime/options.h"

/*
 * What the map keeps of a firing: the address and length of the copy
 * that failed (DEFER_FAULT: the fault-in program's), dctx from args to
 * tstamp (its probe id, arguments, timestamp and defer_clause), then the
 * this-> area, which later clauses of the firing may read.  Its key is
 * the thread and the attach point (two may share a uprobe's site).
 */
#define DEFER_FAULT	16
#define DEFER_OFF	((int32_t)offsetof(struct dctx, args))
#define DEFER_HDR	((uint32_t)(offsetof(struct dctx, tstamp) + 8 - \
				    offsetof(struct dctx, args)))
/* the most a saved firing may take, and threads with one at a time */
#define DEFER_VALUE_MAX	4096
#define DEFER_MAX	1024
/* the pages the fault-in program touches at most: a copy's span */
#define FAULTIN_PAGES	16

static bool syscall_raw(const struct attach *at, const char *path)
{
	return at && at->prov && strcmp(at->prov->name, "syscall") == 0 &&
	       at->prog_type == BPF_PROG_TYPE_RAW_TRACEPOINT && at->path &&
	       strcmp(at->path, path) == 0;
}

/* Can a firing of at be saved and finished later? */
static bool defer_point(const struct attach *at)
{
	return syscall_raw(at, "sys_enter") || uprobe_is(at);
}

/* the saved firings' key, at FRAME_TMP: the thread, the attach point */
static void emit_key(struct cg *cg, struct emit *e)
{
	emit(e, I_CALL(BPF_FUNC_get_current_pid_tgid));
	emit(e, I_STX_MEM(BPF_W, REG_FP, R0, FRAME_TMP));
	emit(e, I_ST_MEM(BPF_W, REG_FP, FRAME_TMP + 4, cg->defer_id));
}

/* an lvalue rooted in this->: the clause's own, made again at a replay */
static bool clause_local(const struct node *n)
{
	while (n && (n->kind == NK_MEMBER || n->kind == NK_INDEX))
		n = n->lhs;
	return n && n->kind == NK_THIS;
}

/* Does n change anything a second run would change again? */
static bool has_effect(const struct node *n, void *arg)
{
	(void)arg;
	switch (n->kind) {
	case NK_ASSIGN:
	case NK_PREINC: case NK_PREDEC: case NK_POSTINC: case NK_POSTDEC:
		return !clause_local(n->lhs);
	case NK_CALL:
		if (!n->name)
			return false;
		if (!strcmp(n->name, "copyout") || !strcmp(n->name, "copyoutstr"))
			return true;
		switch (sema_func(n->name)) {
		case DF_NONE: case DF_PRINTF: case DF_TRACE: case DF_PRINTA:
		case DF_STACK: case DF_USTACK: case DF_TRACEMEM: case DF_PRINT:
		case DF_PCAP:
			return false;
		default:	/* exit(), speculation, destructive ... */
			return true;
		}
	default:
		return false;
	}
}

/* has_effect anywhere in n (not its siblings) */
static bool effect_in(const struct node *n)
{
	const struct node *kids[] = { n->lhs, n->rhs, n->cond, n->then,
				      n->els, n->args, n->body, n->pred,
				      n->init };

	if (has_effect(n, NULL))
		return true;
	for (size_t i = 0; i < sizeof(kids) / sizeof(kids[0]); i++)
		if (ast_any(kids[i], has_effect, NULL))
			return true;
	return false;
}

/*
 * A statement whose only effect, if any, comes after everything it
 * reads: an assignment or aggregation of effect-free operands, an action
 * of effect-free arguments.
 */
static bool effect_last(const struct node *s)
{
	const struct node *e = s->lhs;

	if (s->kind != NK_EXPR_STMT)
		return !effect_in(s);
	if (e->kind == NK_ASSIGN) {
		const struct node *l = e->lhs;

		while (l && (l->kind == NK_MEMBER || l->kind == NK_INDEX ||
			     l->kind == NK_PTRMEMBER)) {
			if (l->kind == NK_INDEX && l->args &&
			    ast_any(l->args, has_effect, NULL))
				return false;
			l = l->lhs;
		}
		/* an aggregation's function: its arguments */
		if (e->rhs->kind == NK_CALL && e->rhs->name &&
		    sema_func(e->rhs->name) >= DF_COUNT &&
		    sema_func(e->rhs->name) <= DF_LLQUANTIZE)
			return !e->rhs->args ||
			       !ast_any(e->rhs->args, has_effect, NULL);
		return !effect_in(e->rhs);
	}
	if (e->kind == NK_CALL)
		return !e->args || !ast_any(e->args, has_effect, NULL);
	return !effect_in(e);
}

/* dctx->defer_clause at the entry once the firing is saved */
#define DEFER_DONE	INT32_MAX

void cg_defer_begin(struct cg *cg)
{
	cg->defer_possible = !cg->replay && cg->defer_map >= 0 &&
			     defer_point(cg->at);
	if (!cg->defer_possible)
		return;
	/* the replay and fault-in programs share the main one's */
	cg->defer_id++;
	emit(cg->e, I_ST_MEM(BPF_W, REG_DCTX,
			     offsetof(struct dctx, defer_clause), 0));
}

void cg_defer_clause(struct cg *cg)
{
	const struct node *cl = cg->clause;
	int k = 1;

	cg->defer_upto = -1;
	if (!cg->defer_possible)
		return;
	if (cl->pred && effect_in(cl->pred))
		return;
	cg->defer_upto = 0;
	for (const struct node *s = cl->body; s; s = s->next, k++) {
		if (!effect_last(s))
			break;
		cg->defer_upto = k;
		if (effect_in(s))
			break;
	}
}

/*
 * jump to fault if this firing's probe is the system call execve's or
 * execveat's
 */
static void skip_exec(struct cg *cg, int fault)
{
	const struct attach *at = cg->at;
	int r = -1;

	if (!syscall_raw(at, "sys_enter"))
		return;
	for (size_t i = 0; i < at->nprobes; i++) {
		const char *f = at->probes[i]->func;

		if (strcmp(f, "execve") && strcmp(f, "execveat"))
			continue;
		if (r < 0) {
			r = ra_alloc(cg);
			emit(cg->e, I_LDX_MEM(BPF_W, r, REG_DCTX,
					      offsetof(struct dctx, prid)));
		}
		emit_jmp_imm(cg->e, BPF_JEQ, r, (int32_t)at->probes[i]->id,
			     fault);
	}
	if (r >= 0)
		ra_free(cg, r);
}

/* scratch offset of the saved firing's copy: below the this-> area */
static int32_t save_base(const struct cg *cg)
{
	return (int32_t)(DCTX_SCRATCH - cg->this_size - DEFER_HDR -
			 DEFER_FAULT);
}

/*
 * Save the firing for later, with the address and length of the copy
 * that failed; jumps to fault if it cannot be.  The clause is left for
 * good, so the scratch below the this-> area holds the copy the map
 * takes.
 */
static void emit_save(struct cg *cg, int fault, int addr_reg,
		      uint32_t len_slot)
{
	int32_t base = save_base(cg);
	int32_t soff = (int32_t)offsetof(struct dctx, scratch) + base;
	int r = ra_new(cg);

	emit(cg->e, I_STX_MEM(BPF_DW, REG_DCTX, addr_reg, soff));
	sv_ld(cg, r, len_slot);
	emit(cg->e, I_STX_MEM(BPF_DW, REG_DCTX, r, soff + 8));
	ra_free(cg, r);
	r = cg_timestamp(cg);	/* the entry's, kept in dctx */
	ra_free(cg, r);
	emit(cg->e, I_ST_MEM(BPF_W, REG_DCTX,
			     offsetof(struct dctx, defer_clause),
			     (int32_t)cg->clause_index));
	r = ra_alloc(cg);
	for (int32_t off = 0; off < (int32_t)DEFER_HDR; off += 8) {
		emit(cg->e, I_LDX_MEM(BPF_DW, r, REG_DCTX, DEFER_OFF + off));
		emit(cg->e, I_STX_MEM(BPF_DW, REG_DCTX, r,
				      soff + DEFER_FAULT + off));
	}
	ra_free(cg, r);
	r = cg_call(cg, BPF_FUNC_get_current_pid_tgid, NULL, 0, true);
	emit(cg->e, I_STX_MEM(BPF_W, REG_FP, r, FRAME_TMP));
	emit(cg->e, I_ST_MEM(BPF_W, REG_FP, FRAME_TMP + 4, cg->defer_id));
	ra_free(cg, r);
	struct cg_arg args[] = {
		ARG_MAP(cg->defer_map), ARG_FP(FRAME_TMP), ARG_DCTX(base),
		ARG_IMM(BPF_ANY),
	};

	r = cg_call(cg, BPF_FUNC_map_update_elem, args, 4, true);
	emit_jmp_imm(cg->e, BPF_JNE, r, 0, fault);
	ra_free(cg, r);
}

bool cg_defer_may(const struct cg *cg)
{
	return cg->defer_upto >= cg->action;
}

void cg_user_fault(struct cg *cg, int ret, int addr_reg, uint32_t len_slot)
{
	int ok, fault;

	if (!cg_defer_may(cg)) {
		cg_fault_if_neg(cg, ret, DFLT_BADADDR, addr_reg);
		return;
	}
	ok = emit_label_new(cg->e);
	fault = emit_label_new(cg->e);
	emit_jmp_imm(cg->e, BPF_JSGE, ret, 0, ok);
	emit_jmp_imm(cg->e, BPF_JNE, ret, -EFAULT, fault);
	/* the null page is never there */
	emit_jmp_imm(cg->e, BPF_JLT, addr_reg, 4096, fault);
	skip_exec(cg, fault);
	emit_save(cg, fault, addr_reg, len_slot);
	/* the later clauses' guards see it (cg_defer_guard) */
	emit(cg->e, I_ST_MEM(BPF_W, REG_DCTX,
			     offsetof(struct dctx, defer_clause), DEFER_DONE));
	emit_ja(cg->e, cg->clause_end);
	cg->defer_used = true;
	emit_label_place(cg->e, fault);
	cg_fault(cg, DFLT_BADADDR, addr_reg);
	emit_label_place(cg->e, ok);
}

/* does any clause copy user memory? */
static bool copies_user(const struct node *n, void *arg)
{
	(void)arg;
	return n->kind == NK_CALL && n->name &&
	       (!strcmp(n->name, "copyin") || !strcmp(n->name, "copyinstr") ||
		!strcmp(n->name, "copyinto"));
}

void cg_defer_want(struct cg *cg, const struct cg_clause *clauses, size_t n)
{
	bool copies = false;

	if (cg->opts->nodefer ||
	    DEFER_FAULT + DEFER_HDR + cg->this_size > DEFER_VALUE_MAX)
		return;
	for (size_t i = 0; i < n; i++)
		copies |= ast_any(clauses[i].clause->pred, copies_user, NULL) ||
			  ast_any(clauses[i].clause->body, copies_user, NULL);
	cg->obj->defer_copies = copies;
}

void cg_defer_maps(struct cg *cg, struct attach *const *ats, size_t nats)
{
	/* a compilation for libraries loaded later has the same maps */
	bool entry = cg->obj->late;
	struct dmap m = { .name = "dt_defer", .type = BPF_MAP_TYPE_HASH,
			  .key_size = 8, .value_size = DEFER_FAULT + DEFER_HDR +
			  cg->this_size, .max_entries = DEFER_MAX };

	cg->defer_map = -1;
	cg->defer_id = 0;
	for (size_t i = 0; i < nats; i++)
		entry |= defer_point(ats[i]);
	if (entry && cg->obj->defer_copies)
		cg->defer_map = dobj_add_map(cg->obj, &m);
}

/* r0: the thread's saved firing; none: jump to out */
static void emit_lookup(struct cg *cg, struct emit *e, int out)
{
	emit_key(cg, e);
	emit_ld_map(e, R1, cg->defer_map);
	emit(e, I_MOV64_REG(R2, REG_FP));
	emit(e, I_ALU64_IMM(BPF_ADD, R2, FRAME_TMP));
	emit(e, I_CALL(BPF_FUNC_map_lookup_elem));
	emit_jmp_imm(e, BPF_JEQ, R0, 0, out);
}

/*
 * The replay program's start, in place of the provider's probe id and
 * arguments: the thread's saved firing (none: leave), taken out of the
 * map; r7 its probe id.  Runs while tracing is active, and while it
 * drains, as the firing happened while it was active.
 */
void cg_defer_prologue(struct cg *cg, struct emit *e, int out)
{
	int ok = emit_label_new(e);

	emit_lookup(cg, e, out);
	emit(e, I_ALU64_IMM(BPF_ADD, R0, DEFER_FAULT));
	emit(e, I_MOV64_REG(R8, R0));
	emit(e, I_LDX_MEM(BPF_W, R7, R8, offsetof(struct dctx, prid) -
			  DEFER_OFF));
	emit_ld_map_value(e, R0, DMAP_STATE, 0);
	emit(e, I_LDX_MEM(BPF_W, R0, R0, 0));
	emit_jmp_imm(e, BPF_JEQ, R0, DSTATE_ACTIVE, ok);
	emit_jmp_imm(e, BPF_JEQ, R0, DSTATE_DRAINING, ok);
	cg_defer_drop(cg, e);
	emit_ja(e, out);
	emit_label_place(e, ok);
}

/* after the context is set up: the saved firing into it, then out of
 * the map (r8: the saved firing, past its fault's address and length) */
void cg_defer_restore(struct cg *cg, struct emit *e)
{
	int32_t this = (int32_t)(offsetof(struct dctx, scratch) +
				 DCTX_SCRATCH - cg->this_size);

	for (int32_t off = 0; off < (int32_t)DEFER_HDR; off += 8) {
		int32_t at = DEFER_OFF + off;

		/* the chill() accounting is this CPU's, not the entry's */
		if (at == (int32_t)offsetof(struct dctx, chillmark) ||
		    at == (int32_t)offsetof(struct dctx, chilled))
			continue;
		emit(e, I_LDX_MEM(BPF_DW, R1, R8, off));
		emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R1, at));
	}
	for (int32_t off = 0; off < (int32_t)cg->this_size; off += 8) {
		emit(e, I_LDX_MEM(BPF_DW, R1, R8, (int32_t)DEFER_HDR + off));
		emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R1, this + off));
	}
	cg_defer_drop(cg, e);
}

/* delete the thread's saved firing (its key at FRAME_TMP: emit_key) */
void cg_defer_drop(struct cg *cg, struct emit *e)
{
	emit_ld_map(e, R1, cg->defer_map);
	emit(e, I_MOV64_REG(R2, REG_FP));
	emit(e, I_ALU64_IMM(BPF_ADD, R2, FRAME_TMP));
	emit(e, I_CALL(BPF_FUNC_map_delete_elem));
}

/*
 * At the entry, a saved firing runs no more clauses; in the replay, the
 * clauses before the one that stopped are done.
 */
void cg_defer_guard(struct cg *cg, int end)
{
	int r;

	if (!cg->replay && !cg->defer_possible)
		return;
	r = ra_alloc(cg);
	emit(cg->e, I_LDX_MEM(BPF_W, r, REG_DCTX,
			      offsetof(struct dctx, defer_clause)));
	if (cg->replay)
		emit_jmp_imm(cg->e, BPF_JGT, r, (int32_t)cg->clause_index,
			     end);
	else
		emit_jmp_imm(cg->e, BPF_JEQ, r, DEFER_DONE, end);
	ra_free(cg, r);
}

/*
 * The fault-in program of a uprobe's attach point: sleepable, it runs
 * after the main program on the same hit and touches, with the faulting
 * bpf_copy_from_user(), a byte of each page of the copy that failed
 * (the thread's saved firing's), so that the replay after it finds them
 * in.  It stops at the first page that is not there, and reads nothing
 * of the per-CPU context: it may sleep, and another task may use it.
 */
static void emit_faultin(struct cg *cg, struct emit *e)
{
	int out = emit_label_new(e), loop = emit_label_new(e);

	emit_lookup(cg, e, out);
	emit(e, I_LDX_MEM(BPF_DW, R6, R0, 0));		/* the address */
	emit(e, I_LDX_MEM(BPF_DW, R7, R0, 8));		/* its length */
	emit(e, I_ALU64_REG(BPF_ADD, R7, R6));		/* the end */
	emit(e, I_MOV64_IMM(R8, 0));
	emit_label_place(e, loop);
	emit(e, I_MOV64_REG(R1, REG_FP));
	emit(e, I_ALU64_IMM(BPF_ADD, R1, FRAME_TMP));
	emit(e, I_MOV64_IMM(R2, 1));
	emit(e, I_MOV64_REG(R3, R6));
	emit(e, I_CALL(BPF_FUNC_copy_from_user));
	emit_jmp_imm(e, BPF_JNE, R0, 0, out);
	/* the next page's start */
	emit(e, I_ALU64_IMM(BPF_OR, R6, 4095));
	emit(e, I_ALU64_IMM(BPF_ADD, R6, 1));
	emit_jmp_reg(e, BPF_JGE, R6, R7, out);
	emit(e, I_ALU64_IMM(BPF_ADD, R8, 1));
	emit_jmp_imm(e, BPF_JLT, R8, FAULTIN_PAGES, loop);
	emit_label_place(e, out);
	emit(e, I_MOV64_IMM(R0, 0));
	emit(e, I_EXIT());
	emit_finish(e);
}

static void add_faultin(struct cg *cg, const struct attach *at,
			const struct cg_clause *clauses)
{
	struct attach *fat = arena_memdup(cg->a, at, sizeof(*at));
	struct emit e = { 0 };
	struct dprog p = { .at = fat, .prog_type = at->prog_type,
			   .attach_type = at->attach_type, .fd = -1,
			   .sleepable = true };

	memset(&fat->fds, 0, sizeof(fat->fds));
	fat->map = -1;
	emit_faultin(cg, &e);
	if (emit_error(&e))
		diag_error(cg->diag, clauses[0].clause->loc, D_UNSUPPORTED, "%s",
			   emit_errmsg(&e));
	p.insns = arena_memdup(cg->a, e.insns, sizeof(struct bpf_insn) * e.len);
	p.ninsns = e.len;
	snprintf(p.name, sizeof(p.name), "dtrace_%zu", cg->obj->progs.len);
	vec_push(&cg->obj->progs, p);
	emit_free(&e);
}

/*
 * The replay of the firings at's program saves: at the system call's
 * return, attached before the return probes' programs; or on the
 * uprobe's own hit, after the fault-in program, which runs after the
 * main one.  A uprobe's programs run newest first, so these two are
 * put before the main program, which is attached last.
 */
void cg_defer_replay(struct cg *cg, const struct attach *at,
		     struct cg_clause *clauses, size_t n)
{
	struct attach *rat = arena_memdup(cg->a, at, sizeof(*at));
	bool sys = syscall_raw(at, "sys_enter");
	size_t main = cg->obj->progs.len - 1;
	struct dprog m = cg->obj->progs.data[main];

	memset(&rat->fds, 0, sizeof(rat->fds));
	if (sys)
		rat->path = "sys_exit";
	rat->map = -1;
	cg->replay = true;
	cg_attach(cg, rat, clauses, n);
	cg->replay = false;
	if (sys) {
		cg->obj->progs.data[cg->obj->progs.len - 1].attach_first = true;
		return;
	}
	add_faultin(cg, at, clauses);
	/* main, replay, fault-in: replay, fault-in, main */
	memmove(&cg->obj->progs.data[main], &cg->obj->progs.data[main + 1],
		2 * sizeof(m));
	cg->obj->progs.data[main + 2] = m;
	for (size_t i = main; i < main + 3; i++)
		snprintf(cg->obj->progs.data[i].name, sizeof(m.name),
			 "dtrace_%zu", i);
}

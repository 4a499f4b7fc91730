/*
 * User memory that is not paged in, at a system call's entry.  A string
 * a process passes to open() may sit in a page it has not touched yet
 * (the dynamic linker's "/etc/ld.so.cache", in its read-only data): the
 * kernel will fault it in when it copies the path, but a BPF program on
 * the system call's entry cannot, so copyinstr() fails there with
 * EFAULT, and DTrace's "invalid address" would be reported for memory
 * that is there.  Sleepable programs, which could fault it in, are not
 * allowed on these tracepoints before Linux 6.19.
 *
 * So such a firing is finished at the system call's return, when the
 * kernel has read the memory: where a copyin(), copyinstr() or
 * copyinto() of the syscall provider's entry probes (on the raw
 * sys_enter path) fails with EFAULT on an address past the null page,
 * the program saves the firing (probe id, arguments, timestamp, and the
 * clause it stopped in) in a hash map keyed by thread, and ends without
 * a record.  A second program, on the raw sys_exit tracepoint, generated
 * from the same clauses (cg_defer_replay), takes the thread's saved
 * firing, puts its probe id, arguments and timestamp back into the
 * context, and runs the clauses from the one that stopped on: they see
 * the entry's probe, arguments, errno (0) and timestamp, and their
 * records follow each other as at the entry.  A copy that fails there
 * is a fault as before: the memory is truly not there.  The replay
 * program is attached before the programs of return probes, so its
 * records come before theirs on the same tracepoint; records of probes
 * that fire inside the system call, in the same thread, come before it.
 *
 * Only what can be run twice is deferred: a copy in the predicate, or
 * in a statement before which the clause changed nothing (no variable
 * but this->, no aggregation, no action with an effect), so that the
 * firing's effects happen once, at the return.  execve() is not
 * deferred: at its return the process has a new address space.
 * -x nodefer turns all this off.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "cg.h"
#include "../providers/provider.h"
#include "../runtime/options.h"

/*
 * What the map keeps of a firing: dctx from args to tstamp (its probe
 * id, arguments, timestamp and defer_clause), then the this-> area,
 * which later clauses of the firing may read.
 */
#define DEFER_OFF	((int32_t)offsetof(struct dctx, args))
#define DEFER_HDR	((uint32_t)(offsetof(struct dctx, tstamp) + 8 - \
				    offsetof(struct dctx, args)))
/* the most a saved firing may take, and threads with one at a time */
#define DEFER_VALUE_MAX	4096
#define DEFER_MAX	1024

static bool syscall_raw(const struct attach *at, const char *path)
{
	return at && at->prov && strcmp(at->prov->name, "syscall") == 0 &&
	       at->prog_type == BPF_PROG_TYPE_RAW_TRACEPOINT && at->path &&
	       strcmp(at->path, path) == 0;
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
			     syscall_raw(cg->at, "sys_enter");
	if (cg->defer_possible)
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

/* jump to fault if this firing's probe is execve's or execveat's */
static void skip_exec(struct cg *cg, int fault)
{
	const struct attach *at = cg->at;
	int r = -1;

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
	return (int32_t)(DCTX_SCRATCH - cg->this_size - DEFER_HDR);
}

/*
 * Save the firing for the return; jumps to fault if it cannot be.  The
 * clause is left for good, so the scratch below the this-> area holds
 * the copy the map takes.
 */
static void emit_save(struct cg *cg, int fault)
{
	int32_t base = save_base(cg);
	int r = cg_timestamp(cg);	/* the entry's, kept in dctx */

	ra_free(cg, r);
	emit(cg->e, I_ST_MEM(BPF_W, REG_DCTX,
			     offsetof(struct dctx, defer_clause),
			     (int32_t)cg->clause_index));
	r = ra_alloc(cg);
	for (int32_t off = 0; off < (int32_t)DEFER_HDR; off += 8) {
		emit(cg->e, I_LDX_MEM(BPF_DW, r, REG_DCTX, DEFER_OFF + off));
		emit(cg->e, I_STX_MEM(BPF_DW, REG_DCTX, r,
				      (int32_t)offsetof(struct dctx, scratch) +
				      base + off));
	}
	ra_free(cg, r);
	r = cg_call(cg, BPF_FUNC_get_current_pid_tgid, NULL, 0, true);
	emit(cg->e, I_STX_MEM(BPF_W, REG_FP, r, FRAME_TMP));
	ra_free(cg, r);
	struct cg_arg args[] = {
		ARG_MAP(cg->defer_map), ARG_FP(FRAME_TMP), ARG_DCTX(base),
		ARG_IMM(BPF_ANY),
	};

	r = cg_call(cg, BPF_FUNC_map_update_elem, args, 4, true);
	emit_jmp_imm(cg->e, BPF_JNE, r, 0, fault);
	ra_free(cg, r);
}

void cg_user_fault(struct cg *cg, int ret, int addr_reg)
{
	int ok, fault;

	if (cg->defer_upto < cg->action) {
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
	emit_save(cg, fault);
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
	    DEFER_HDR + cg->this_size > DEFER_VALUE_MAX)
		return;
	for (size_t i = 0; i < n; i++)
		copies |= ast_any(clauses[i].clause->pred, copies_user, NULL) ||
			  ast_any(clauses[i].clause->body, copies_user, NULL);
	cg->obj->defer_copies = copies;
}

void cg_defer_maps(struct cg *cg, struct attach *const *ats, size_t nats)
{
	bool entry = false;
	struct dmap m = { .name = "dt_defer", .type = BPF_MAP_TYPE_HASH,
			  .key_size = 4, .value_size = DEFER_HDR + cg->this_size,
			  .max_entries = DEFER_MAX };

	cg->defer_map = -1;
	for (size_t i = 0; i < nats; i++)
		entry |= syscall_raw(ats[i], "sys_enter");
	if (entry && cg->obj->defer_copies)
		cg->defer_map = dobj_add_map(cg->obj, &m);
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

	emit(e, I_CALL(BPF_FUNC_get_current_pid_tgid));
	emit(e, I_STX_MEM(BPF_W, REG_FP, R0, FRAME_TMP));
	emit_ld_map(e, R1, cg->defer_map);
	emit(e, I_MOV64_REG(R2, REG_FP));
	emit(e, I_ALU64_IMM(BPF_ADD, R2, FRAME_TMP));
	emit(e, I_CALL(BPF_FUNC_map_lookup_elem));
	emit_jmp_imm(e, BPF_JEQ, R0, 0, out);
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
 * the map (r8: the saved firing) */
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

/* delete the thread's saved firing (its key at FRAME_TMP) */
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

void cg_defer_replay(struct cg *cg, const struct attach *at,
		     struct cg_clause *clauses, size_t n)
{
	struct attach *rat = arena_memdup(cg->a, at, sizeof(*at));

	memset(&rat->fds, 0, sizeof(rat->fds));
	rat->path = "sys_exit";
	rat->map = -1;
	cg->replay = true;
	cg_attach(cg, rat, clauses, n);
	cg->replay = false;
	cg->obj->progs.data[cg->obj->progs.len - 1].attach_first = true;
}

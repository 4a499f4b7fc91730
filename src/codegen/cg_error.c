/*
 * The ERROR probe fired at the fault.  DTrace fires dtrace:::ERROR in
 * the faulting firing itself: ERROR's clauses run before the later
 * clauses of that firing, so their output comes first and an exit() in
 * ERROR wins over one in a later clause.  Each program with a fault
 * path in its main body therefore carries the ERROR clauses as a
 * BPF-to-BPF subprogram, called right after the fault record is sent:
 * it swaps ERROR's identity and arguments into the per-CPU context,
 * runs the clauses, and puts the firing's own back for the clauses that
 * follow.  The fault record says so (rec_hdr.spec = REC_FAULT_FIRED),
 * and the consumer then only prints the message.  Faults inside a
 * bpf_loop() callback, and in the ERROR program itself, keep the old
 * path: the consumer fires ERROR with BPF_PROG_TEST_RUN.
 */
#include "cg.h"

#include <string.h>

#include "../providers/provider.h"

/*
 * dctx scratch while ERROR runs, below the firing's this-> area (this_size
 * bytes at the top): the firing's arg0-arg5 and prid, then ERROR's own
 * this-> variables (cg->this_size doubled for its clauses, so that they
 * land there and the firing's keep their values for the later clauses).
 */
#define ERR_NSAVE	6
#define ERR_SAVE_SIZE	(8 * (ERR_NSAVE + 1))
#define ERR_SAVE(cg, i)	((int32_t)(offsetof(struct dctx, scratch) + \
			 DCTX_SCRATCH - (cg)->this_size - ERR_SAVE_SIZE + 8 * (i)))

static bool is_error_probe(const struct probe *p)
{
	return strcmp(p->provname, "dtrace") == 0 &&
	       strcmp(p->name, "ERROR") == 0;
}

static struct probe *clause_error_probe(const struct cg_clause *c)
{
	for (size_t j = 0; j < c->nprobes; j++)
		if (is_error_probe(c->probes[j]))
			return c->probes[j];
	return NULL;
}

void cg_error_begin(struct cg *cg, struct cg_clause *clauses, size_t n)
{
	bool any = false;

	cg->error_sub = -1;
	cg->error_clauses = clauses;
	cg->nerror_clauses = n;
	for (size_t j = 0; j < cg->at->nprobes; j++)
		if (is_error_probe(cg->at->probes[j]))
			return;
	for (size_t i = 0; i < n && !any; i++)
		any = clause_error_probe(&clauses[i]) != NULL;
	if (any)
		cg->error_sub = emit_label_new(cg->e);
}

bool cg_error_inline(const struct cg *cg)
{
	return cg->error_sub >= 0 && cg->e->depth == 0;
}

/* after the fault record at dctx offset f (its struct rec_fault) */
void cg_error_call(struct cg *cg, int f)
{
	if (!cg_error_inline(cg))
		return;
	cg->error_called = true;
	/* ERROR may exit(): later clauses check the state */
	cg->exit_seen = true;
	emit(cg->e, I_MOV64_REG(R1, REG_DCTX));
	emit(cg->e, I_LDX_MEM(BPF_DW, R2, REG_FP, FRAME_CTX));
	emit(cg->e, I_MOV64_REG(R3, REG_DCTX));
	emit(cg->e, I_ALU64_IMM(BPF_ADD, R3, f));
	emit_call_label(cg->e, cg->error_sub);
}

/*
 * arg0 .. arg5 of ERROR from the fault record in r3, as DTrace for
 * Linux's: arg1 the faulting probe's id, arg2 the clause's place in the
 * program (illumos gave the enabled probe id and the action number,
 * which the message still names), arg3 the DIF offset, arg4 the fault
 * and arg5 the address.
 */
static void error_args(struct cg *cg)
{
	struct emit *e = cg->e;
	int pc_ok = emit_label_new(e);
	int a = offsetof(struct dctx, args);

	emit(e, I_ST_MEM(BPF_DW, REG_DCTX, a, 0));
	/* the record's header comes just before it */
	emit(e, I_LDX_MEM(BPF_W, R0, R3,
			  -(int16_t)(sizeof(struct rec_hdr) -
				     offsetof(struct rec_hdr, prid))));
	emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R0, a + 8));
	emit(e, I_LDX_MEM(BPF_W, R0, R3, offsetof(struct rec_fault, clause)));
	emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R0, a + 16));
	emit(e, I_LDX_MEM(BPF_W, R0, R3, offsetof(struct rec_fault, pc)));
	/* no DIF offset is -1 */
	emit_jmp_imm(e, BPF_JNE, R0, (int32_t)REC_FAULT_NOPC, pc_ok);
	emit(e, I_MOV64_IMM(R0, -1));
	emit_label_place(e, pc_ok);
	emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R0, a + 24));
	emit(e, I_LDX_MEM(BPF_W, R0, R3, offsetof(struct rec_fault, fault)));
	emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R0, a + 32));
	emit(e, I_LDX_MEM(BPF_DW, R0, R3, offsetof(struct rec_fault, addr)));
	emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R0, a + 40));
}

/* one 8-byte slot between dctx offsets: to = from */
static void move(struct cg *cg, int32_t to, int32_t from, int size)
{
	emit(cg->e, I_LDX_MEM(size, R0, REG_DCTX, from));
	emit(cg->e, I_STX_MEM(size, REG_DCTX, R0, to));
}

/* the firing's identity and arguments out to the save area, or back */
static void swap_firing(struct cg *cg, bool save)
{
	int32_t a = offsetof(struct dctx, args);
	int32_t p = offsetof(struct dctx, prid);

	for (int i = 0; i < ERR_NSAVE; i++)
		if (save)
			move(cg, ERR_SAVE(cg, i), a + 8 * i, BPF_DW);
		else
			move(cg, a + 8 * i, ERR_SAVE(cg, i), BPF_DW);
	if (save)
		move(cg, ERR_SAVE(cg, ERR_NSAVE), p, BPF_W);
	else
		move(cg, p, ERR_SAVE(cg, ERR_NSAVE), BPF_W);
}

/* ERROR's this-> variables: a zeroed area of their own (enter) */
static void error_this(struct cg *cg, bool enter)
{
	if (!enter) {
		cg->this_size = (cg->this_size - ERR_SAVE_SIZE) / 2;
		return;
	}
	cg->this_size = 2 * cg->this_size + ERR_SAVE_SIZE;
	for (uint32_t o = 0; o < (cg->this_size - ERR_SAVE_SIZE) / 2; o += 8)
		emit(cg->e, I_ST_MEM(BPF_DW, REG_DCTX,
				     (int32_t)(offsetof(struct dctx, scratch) +
					       DCTX_SCRATCH - cg->this_size + o), 0));
}

/* the subprogram, after the main program's code, if a fault calls it */
void cg_error_end(struct cg *cg)
{
	struct probe *ep = NULL;
	const struct attach *at = cg->at;
	struct attach eat = *at;	/* ERROR's, for the clause guards */
	int nargs = cg->nargs_used;
	bool exit_seen = cg->exit_seen;

	if (cg->error_sub < 0 || !cg->error_called)
		return;
	emit_sub_begin(cg->e);
	emit_label_place(cg->e, cg->error_sub);
	emit(cg->e, I_MOV64_REG(REG_DCTX, R1));
	emit(cg->e, I_STX_MEM(BPF_DW, REG_FP, R2, FRAME_CTX));
	swap_firing(cg, true);
	error_args(cg);
	error_this(cg, true);
	cg->exit_seen = false;
	for (size_t i = 0; i < cg->nerror_clauses && !diag_failed(cg->diag); i++) {
		struct probe *p = clause_error_probe(&cg->error_clauses[i]);

		if (!p)
			continue;
		if (!ep) {
			ep = p;
			eat.probes = &ep;
			eat.nprobes = 1;
			/* stack(): the subprogram's frame is one more,
			 * unless the stack is unwound from the probed
			 * registers (kprobes), where no frame of ours is */
			eat.kstack_skip = at->kstack_skip +
				(at->prog_type != BPF_PROG_TYPE_KPROBE);
			cg->at = &eat;
			emit(cg->e, I_ST_MEM(BPF_W, REG_DCTX,
					     offsetof(struct dctx, prid), (int32_t)p->id));
		}
		cg_clause(cg, &cg->error_clauses[i],
			  &cg->obj->stmts.data[i]);
	}
	cg->at = at;
	error_this(cg, false);
	swap_firing(cg, false);
	emit(cg->e, I_MOV64_IMM(R0, 0));
	emit(cg->e, I_EXIT());
	emit_sub_end(cg->e);
	cg->nargs_used = nargs;
	cg->exit_seen = exit_seen;
}

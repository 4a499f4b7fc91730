/*
 * Code generation for stacks and symbols.  stack() and ustack() record
 * the kernel or user call stack with bpf_get_stack() (which zero-fills
 * what it does not write, so the consumer stops at the first 0); ustack()
 * records the process id first so that the consumer can read the
 * process's symbols.  sym(), mod() record the address; usym(), umod()
 * and uaddr() the process id and the address.  The same values go into
 * records and aggregation keys, laid out as dobj.h's DV_STACK ...
 * DV_UADDR describe them.
 */
#include "cg.h"

#include "../providers/provider.h"
#include "../runtime/fmt.h"
#include "../runtime/options.h"

enum dval_kind cg_symval_kind(enum symval k)
{
	switch (k) {
	case SV_STACK: return DV_STACK;
	case SV_USTACK: return DV_USTACK;
	case SV_SYM: return DV_SYM;
	case SV_MOD: return DV_MOD;
	case SV_USYM: return DV_USYM;
	case SV_UMOD: return DV_UMOD;
	default: return DV_UADDR;
	}
}

static uint32_t frames(struct cg *cg, const struct dtype *t, bool user)
{
	uint64_t n = t->nelems ? t->nelems :
		     sema_is_jstack(t) ? cg->opts->jstackframes :
		     user ? cg->opts->ustackframes : cg->opts->stackframes;

	if (cg->opts->maxframes && n > cg->opts->maxframes)
		n = cg->opts->maxframes;
	/* a record holds at most CG_REC_MAX bytes */
	if (n > CG_REC_MAX / 8 - 8)
		n = CG_REC_MAX / 8 - 8;
	return (uint32_t)(n ? n : 1);
}

uint32_t cg_symval_size(struct cg *cg, const struct dtype *t)
{
	switch (sema_symval(t)) {
	case SV_STACK: return 8 * frames(cg, t, false);
	case SV_USTACK: return 8 + 8 * frames(cg, t, true);
	case SV_SYM: case SV_MOD: return 8;
	default: return 16;
	}
}

/* the current process id, stored at REG_DCTX + off */
static void store_pid(struct cg *cg, int32_t off)
{
	int r = cg_call(cg, BPF_FUNC_get_current_pid_tgid, NULL, 0, true);

	emit(cg->e, I_ALU64_IMM(BPF_RSH, r, 32));
	emit(cg->e, I_STX_MEM(BPF_DW, REG_DCTX, r, off));
	ra_free(cg, r);
}

/* n's value and the current process id: a uaddr() value at off */
static void store_uaddr(struct cg *cg, struct node *n, int32_t off)
{
	int r = cg_expr(cg, n);

	emit(cg->e, I_STX_MEM(BPF_DW, REG_DCTX, r, off + 8));
	ra_free(cg, r);
	store_pid(cg, off);
}

void cg_symval_store(struct cg *cg, struct node *n, int32_t off)
{
	const struct dtype *t = n->type;
	enum symval k = sema_symval(t);
	int r;

	switch (k) {
	case SV_STACK:
		cg_kstack_store(cg, off, cg_symval_size(cg, t));
		return;
	case SV_USTACK:
		store_pid(cg, off);
		cg_get_stack(cg, (uint32_t)off + 8, cg_symval_size(cg, t) - 8,
			     BPF_F_USER_STACK, false);
		return;
	case SV_SYM:
	case SV_MOD:
		r = cg_expr(cg, n);
		emit(cg->e, I_STX_MEM(BPF_DW, REG_DCTX, r, off));
		ra_free(cg, r);
		return;
	default:
		store_uaddr(cg, n, off);
		return;
	}
}

void cg_stack_record(struct cg *cg, struct node *n, struct dval *v)
{
	uint32_t size = cg_symval_size(cg, n->type);
	uint32_t off = cg_out_slot(cg, n, size);

	cg_symval_store(cg, n, (int32_t)(offsetof(struct dctx, scratch) + off));
	*v = (struct dval){ .kind = cg_symval_kind(sema_symval(n->type)),
			    .offset = off, .size = size, .type = n->type };
}

/*
 * printf's %A of a plain address (ucaller, a uintptr_t) is recorded as
 * uaddr() of it is, with the process id, so that the consumer names it
 * in the process that fired.  (DTrace accepts a plain address for %A
 * only with -p or -c, and names it in that process: the same one when
 * the probe fires there.)
 */
bool cg_printf_uaddr(struct cg *cg, const struct fmt *f, int argi,
		     struct node *n, struct dval *v)
{
	const struct fmt_conv *c = fmt_arg_conv(f, argi);
	uint32_t off;

	if (!c || c->cvt != FC_UADDR || fmt_arg_is_dyn(f, argi) ||
	    sema_symval(n->type) != SV_NONE ||
	    (!type_is_int(n->type) && n->type->kind != DT_PTR))
		return false;
	off = cg_out_slot(cg, n, 16);
	store_uaddr(cg, n, (int32_t)(offsetof(struct dctx, scratch) + off));
	*v = (struct dval){ .kind = DV_UADDR, .offset = off, .size = 16,
			    .type = n->type };
	return true;
}

/*
 * A symbolic value used as a plain value: sym(x) and the like are x (a
 * variable keeps the type, and so prints as a symbol when recorded);
 * a stack has no value of its own.
 */
int cg_stack_expr(struct cg *cg, struct node *n)
{
	enum symval k = sema_symval(n->type);

	if (n->kind != NK_CALL || k == SV_STACK || k == SV_USTACK) {
		cg_fail(cg, n, "%s( ) used as a value is not supported yet",
			n->kind == NK_CALL ? n->name : "stack");
		return R8;
	}
	return cg_expr(cg, n->args);
}

/* the deepest stack bpf_get_stack() walks (perf_event_max_stack's
 * default) */
#define CG_STACK_MAXDEPTH	127

/*
 * stackdepth, ustackdepth: the frames of the whole stack, read into
 * scratch and counted (0 when the stack cannot be read), less the
 * tracing machinery's; at most maxframes, as DTrace for Linux reads
 * no more.
 */
int cg_stack_depth(struct cg *cg, bool user)
{
	struct cg_kstack ks = { .skip = -1 };
	int r;

	if (user) {
		ks.off = (uint32_t)offsetof(struct dctx, scratch) +
			 cg_scratch(cg, 8 * CG_STACK_MAXDEPTH);
		ks.ret = cg_get_stack(cg, ks.off, 8 * CG_STACK_MAXDEPTH,
				      BPF_F_USER_STACK, true);
	} else {
		cg_kstack_read(cg, CG_STACK_MAXDEPTH, true, &ks);
	}
	r = ks.ret;
	emit(cg->e, I_JMP_IMM(BPF_JSGE, r, 0, 1));
	emit(cg->e, I_MOV64_IMM(r, 0));
	emit(cg->e, I_ALU64_IMM(BPF_RSH, r, 3));
	if (ks.skip >= 0) {
		emit(cg->e, I_ALU64_REG(BPF_SUB, r, ks.skip));
		emit(cg->e, I_JMP_IMM(BPF_JSGE, r, 0, 1));
		emit(cg->e, I_MOV64_IMM(r, 0));
		ra_free(cg, ks.skip);
	}
	if (cg->opts->maxframes && cg->opts->maxframes < CG_STACK_MAXDEPTH) {
		emit(cg->e, I_JMP_IMM(BPF_JLE, r, (int32_t)cg->opts->maxframes, 1));
		emit(cg->e, I_MOV64_IMM(r, (int32_t)cg->opts->maxframes));
	}
	return r;
}

/*
 * Code generation for actions that record data: printf(), trace() and
 * exit().  A clause's record is built in dctx scratch (the first
 * CG_REC_MAX bytes) and sent with one bpf_ringbuf_output() at the end of
 * the clause; its layout (struct dstmt) is fixed by the first program
 * that generates the clause and shared by every program that runs it.
 */
#include "../providers/provider.h"
#include "cg.h"

#include <string.h>

#include "../runtime/fmt.h"
#include "../runtime/options.h"

static const int size_op[] = { [1] = BPF_B, [2] = BPF_H, [4] = BPF_W, [8] = BPF_DW };

/* The firing process's id at off (structured output: rec_body_off()). */
static void record_xo_pid(struct cg *cg, int off)
{
	emit(cg->e, I_ST_MEM(BPF_DW, REG_DCTX, off, 0));
	if (cg->at && cg->at->prov_stem) {
		int r = cg_call(cg, BPF_FUNC_get_current_pid_tgid, NULL, 0,
				true);

		emit(cg->e, I_ALU64_IMM(BPF_RSH, r, 32));
		emit(cg->e, I_STX_MEM(BPF_W, REG_DCTX, r, off));
		ra_free(cg, r);
	}
	cg->rec_off = rec_body_off(true);
}

void cg_record_begin(struct cg *cg)
{
	int r = cg_call(cg, BPF_FUNC_get_smp_processor_id, NULL, 0, true);
	int s = offsetof(struct dctx, scratch);

	emit(cg->e, I_ST_MEM(BPF_W, REG_DCTX, s + offsetof(struct rec_hdr, epid),
			     cg->stmt->epid));
	emit(cg->e, I_STX_MEM(BPF_W, REG_DCTX, r, s + offsetof(struct rec_hdr, cpu)));
	emit(cg->e, I_LDX_MEM(BPF_W, r, REG_DCTX, offsetof(struct dctx, prid)));
	emit(cg->e, I_STX_MEM(BPF_W, REG_DCTX, r, s + offsetof(struct rec_hdr, prid)));
	emit(cg->e, I_ST_MEM(BPF_W, REG_DCTX, s + offsetof(struct rec_hdr, spec), 0));
	ra_free(cg, r);
	cg->rec_off = sizeof(struct rec_hdr);
	if (dopts_xo(cg->opts))
		record_xo_pid(cg, s + (int)sizeof(struct rec_hdr));
}

/* Count a drop in the per-CPU statistics map. */
void cg_count_drop(struct cg *cg, enum dstat which)
{
	emit(cg->e, I_ST_MEM(BPF_W, REG_FP, FRAME_KEY0, 0));
	struct cg_arg args[] = { ARG_MAP(DMAP_STATS), ARG_FP(FRAME_KEY0) };
	int r = cg_call(cg, BPF_FUNC_map_lookup_elem, args, 2, true);
	int skip = emit_label_new(cg->e);
	int one = ra_alloc(cg);

	emit_jmp_imm(cg->e, BPF_JEQ, r, 0, skip);
	emit(cg->e, I_MOV64_IMM(one, 1));
	emit(cg->e, I_ATOMIC_ADD(BPF_DW, r, one, 8 * which));
	emit_label_place(cg->e, skip);
	ra_free(cg, one);
	ra_free(cg, r);
}

void cg_record_end(struct cg *cg)
{
	uint32_t size = (cg->rec_off + 7) & ~7u;
	struct cg_arg args[] = { ARG_MAP(DMAP_RINGBUF), ARG_DCTX(0),
				 ARG_IMM(size), ARG_IMM(0) };
	/* a speculative record goes out only within its speculation */
	int skip = cg->spec_clause == cg->clause ? cg_spec_gate(cg, size) : -1;
	/* and under bufpolicy=fill only while this CPU's buffer has room */
	int full = skip < 0 ? cg_fill_gate(cg) : -1;
	int r = cg_call(cg, BPF_FUNC_ringbuf_output, args, 4, true);
	int ok = emit_label_new(cg->e);

	emit_jmp_imm(cg->e, BPF_JEQ, r, 0, ok);
	ra_free(cg, r);
	cg_count_drop(cg, DSTAT_RINGBUF_DROPS);
	cg_buf_full(cg);
	emit_label_place(cg->e, ok);
	if (skip >= 0)
		emit_label_place(cg->e, skip);
	if (full >= 0)
		emit_label_place(cg->e, full);
	if (!cg->stmt_done)
		cg->stmt->size = size;
}

/*
 * A tuple (associative array or aggregation keys) of n keys: DTrace
 * refuses one past its tuple registers (the tregs option, 8, and one
 * more as its count goes) when it compiles it, without a line.
 */
void cg_tuple_check(struct cg *cg, int n)
{
	if ((uint64_t)n > cg->opts->tregs + 1)
		diag_error(cg->diag, (struct srcloc){ 0 }, D_UNKNOWN,
			   "Insufficient tuple registers to generate code");
}

uint32_t cg_rec_slot(struct cg *cg, struct node *n, uint32_t size,
		     uint32_t align)
{
	uint32_t off = (cg->rec_off + align - 1) & ~(align - 1);

	if (off + size > CG_REC_MAX) {
		cg_fail(cg, n, "clause records more than %d bytes", CG_REC_MAX);
		return sizeof(struct rec_hdr);
	}
	cg->rec_off = off + size;
	if (cg->spec_clause == cg->clause && cg->rec_off > cg->opts->specsize)
		cg_spec_overflow(cg);	/* cg_spec.c */
	return off;
}

/* A slot of the record for a value of size bytes, aligned to its size. */
static uint32_t rec_slot(struct cg *cg, struct node *n, uint32_t size)
{
	return cg_rec_slot(cg, n, size, size >= 8 ? 8 : size);
}

static void record_value(struct cg *cg, struct node *n, struct dval *v);

/*
 * Evaluate n and store it in the record; describe it in *v.  The value
 * is copied, so the scratch its code used is given back: a printf of
 * many strjoin()s needs the room of one (cg_reclaim.c).
 */
void cg_record_value(struct cg *cg, struct node *n, struct dval *v)
{
	struct cg_scratch_mark m;

	cg_scratch_mark(cg, &m);
	record_value(cg, n, v);
	cg_scratch_reclaim(cg, &m, n);
}

static void record_value(struct cg *cg, struct node *n, struct dval *v)
{
	const struct dtype *t = n->type;

	if (sema_symval(t) != SV_NONE) {
		/* stacks and symbols (cg_stack.c) */
		cg_stack_record(cg, n, v);
		return;
	}
	if (type_is_ldouble(t)) {
		cg_ldouble_record(cg, n, v);	/* cg_ldouble.c */
		return;
	}
	int r = cg_expr(cg, n);
	int s = offsetof(struct dctx, scratch);

	if (n->alloca && t->kind == DT_PTR)	/* as DTrace shows one */
		cg_alloca_offset(cg, r);	/* cg_subr_mem.c */

	if (type_is_string(t)) {
		uint32_t size = dopts_strbytes(cg->opts);
		uint32_t off = rec_slot(cg, n, size);

		cg_str_null_check(cg, n, r, true);	/* cg_strnull.c */
		int dst = ra_alloc(cg);

		emit(cg->e, I_MOV64_REG(dst, REG_DCTX));
		cg_strcpy(cg, dst, s + (int32_t)off, r, size);
		/* a constant is the script's own text, never escaped */
		*v = (struct dval){ .kind = DV_STRING, .offset = off, .size = size,
				    .type = t, .literal = n->kind == NK_STRING };
		return;
	}
	uint32_t size = t->kind == DT_PTR ? 8 : t->size;
	uint32_t off = rec_slot(cg, n, size);

	emit(cg->e, I_STX_MEM(size_op[size], REG_DCTX, r, s + (int32_t)off));
	ra_free(cg, r);
	*v = (struct dval){ .kind = t->kind == DT_PTR ? DV_PTR :
				    type_is_float(t) ? DV_FLOAT : DV_INT,
			    .is_signed = t->is_signed, .offset = off,
			    .size = size, .type = t };
}

int cg_fmt_arg_kind(const struct dtype *t)
{
	switch (sema_symval(t)) {
	case SV_STACK: case SV_USTACK: return FA_STACK;
	case SV_SYM: case SV_MOD: return FA_SYMADDR;
	case SV_USYM: case SV_UMOD: case SV_UADDR: return FA_USYMADDR;
	default: break;
	}
	switch (t->kind) {
	case DT_INT: case DT_ENUM: return FA_INT;
	case DT_STRING: return FA_STRING;
	case DT_PTR: return FA_PTR;
	case DT_FLOAT: return FA_FLOAT;
	default: return FA_OTHER;
	}
}

/* Check printf's format against its arguments, with DTrace's tags. */
static int check_printf(struct cg *cg, struct node *call, struct fmt **out)
{
	char err[512];
	enum dtag tag;
	struct node *f = call->args;
	int nargs = 0, i = 0;

	if (fmt_parse(cg->a, f->sval, out, err, sizeof(err)) < 0) {
		diag_error(cg->diag, f->loc, D_SYNTAX, "%s", err);
		return -1;
	}
	if (!*f->sval && strcmp(call->name, "freopen") == 0)
		return 0;	/* freopen(""): back to the original output */
	for (struct node *a = f->next; a; a = a->next)
		nargs++;
	struct fmt_arg *fa = arena_alloc(cg->a, sizeof(*fa) * (nargs + 1));

	for (struct node *a = f->next; a; a = a->next, i++)
		fa[i] = (struct fmt_arg){ .kind = (enum fmt_argkind)cg_fmt_arg_kind(a->type),
					  .size = a->type->size,
					  .is_signed = a->type->is_signed,
					  .tname = type_name(cg->a, a->type) };
	if (fmt_check_args(*out, fa, nargs, call->name, 1, false, true, &tag,
			   err, sizeof(err)) < 0) {
		diag_error(cg->diag, call->loc, tag, "%s", err);
		return -1;
	}
	return 0;
}

int cg_action(struct cg *cg, struct node *call, enum dfunc f)
{
	struct dact act = { .loc = call->loc };
	int n = 0;

	for (struct node *a = call->args; a; a = a->next)
		n++;
	switch (f) {
	case DF_PRINTF: case DF_SYSTEM: case DF_FREOPEN: {
		struct fmt *fmt;

		if (check_printf(cg, call, &fmt) < 0)
			return -1;
		/* system() and freopen() format as printf() does (cg_destr.c) */
		act.kind = f == DF_SYSTEM ? DACT_SYSTEM :
			   f == DF_FREOPEN ? DACT_FREOPEN : DACT_PRINTF;
		if (f != DF_PRINTF)
			cg->obj->destructive = true;
		act.fmt = call->args->sval;
		n--;
		act.vals = arena_alloc(cg->a, sizeof(struct dval) * (n + 1));
		int i = 0;

		for (struct node *a = call->args->next; a; a = a->next, i++)
			if (!cg_printf_uaddr(cg, fmt, i, a, &act.vals[i]))
				cg_record_value(cg, a, &act.vals[i]);
		act.nvals = n;
		break;
	}
	case DF_TRACEMEM: case DF_PRINT: case DF_PCAP:
		return cg_output_action(cg, call, f);
	case DF_TRACE:
		if (sema_output_bytes_arg(call->args))
			return cg_output_action(cg, call, f);
		act.kind = DACT_TRACE;
		act.vals = arena_alloc(cg->a, sizeof(struct dval));
		act.nvals = 1;
		cg_record_value(cg, call->args, &act.vals[0]);
		break;
	case DF_STACK:
	case DF_USTACK:
		/* recorded and printed as trace(stack()) is */
		act.kind = DACT_TRACE;
		act.vals = arena_alloc(cg->a, sizeof(struct dval));
		act.nvals = 1;
		cg_stack_record(cg, call, &act.vals[0]);
		break;
	case DF_EXIT: {
		int r = cg_expr(cg, call->args);
		uint32_t off = rec_slot(cg, call, 4);

		emit(cg->e, I_STX_MEM(BPF_W, REG_DCTX, r,
				      offsetof(struct dctx, scratch) + (int32_t)off));
		ra_free(cg, r);
		cg_exit_drain(cg);
		act.kind = DACT_EXIT;
		act.vals = arena_alloc(cg->a, sizeof(struct dval));
		act.vals[0] = (struct dval){ .kind = DV_INT, .is_signed = true,
					     .offset = off, .size = 4 };
		act.nvals = 1;
		break;
	}
	case DF_SPECULATE: case DF_COMMIT: case DF_DISCARD:
		return cg_spec_action(cg, call, f);
	case DF_RAISE: case DF_STOP: case DF_FTRUNCATE: case DF_CHILL:
		return cg_destr_action(cg, call, f);
	case DF_PRINTA: case DF_TRUNC: case DF_CLEAR: case DF_NORMALIZE:
	case DF_DENORMALIZE: case DF_SETOPT:
		return cg_agg_action(cg, call, f);
	default:
		return cg_fail(cg, call, "%s( ) is not supported yet", call->name);
	}
	if (!cg->stmt_done)
		vec_push(&cg->acts, act);
	return 0;
}

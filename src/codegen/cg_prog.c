/*
 * Code generation for whole programs: the standard maps, one BPF program
 * per attach point (a prologue that identifies the probe and loads its
 * arguments, then every clause enabled on it, in program order), and
 * each clause's guard, predicate and record.
 */
#include "cg.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../providers/provider.h"
#include "../runtime/bufpol.h"
#include "../runtime/options.h"

static uint32_t pow2_at_least(uint64_t v, uint32_t min)
{
	uint64_t p = min;

	while (p < v && p < (1u << 30))
		p <<= 1;
	return (uint32_t)p;
}

static void add_std_maps(struct cg *cg)
{
	struct dobj *o = cg->obj;
	struct dmap std[DMAP_NSTD] = {
		[DMAP_RINGBUF] = { .name = "dt_ringbuf", .type = BPF_MAP_TYPE_RINGBUF,
				   .max_entries = pow2_at_least(cg->opts->bufsize, 4096) },
		[DMAP_DCTX] = { .name = "dt_dctx", .type = BPF_MAP_TYPE_PERCPU_ARRAY,
				.key_size = 4, .value_size = sizeof(struct dctx),
				.max_entries = 1 },
		[DMAP_GLOBALS] = { .name = "dt_globals", .type = BPF_MAP_TYPE_ARRAY,
				   .key_size = 4, .max_entries = 1 },
		[DMAP_STRTAB] = { .name = "dt_strtab", .type = BPF_MAP_TYPE_ARRAY,
				  .key_size = 4, .max_entries = 1, .freeze = true,
				  .flags = BPF_F_RDONLY_PROG },
		[DMAP_STATS] = { .name = "dt_stats", .type = BPF_MAP_TYPE_PERCPU_ARRAY,
				 .key_size = 4, .value_size = 8 * DSTAT_SLOTS,
				 .max_entries = 1 },
		[DMAP_STATE] = { .name = "dt_state", .type = BPF_MAP_TYPE_ARRAY,
				 .key_size = 4, .value_size = 4, .max_entries = 1 },
	};

	for (int i = 0; i < DMAP_NSTD; i++)
		dobj_add_map(o, &std[i]);
}

/* Sizes and contents that are known only once every program is built. */
static void finish_maps(struct cg *cg, uint32_t globals_size)
{
	struct dobj *o = cg->obj;
	struct dmap *g = &o->maps.data[DMAP_GLOBALS];
	struct dmap *s = &o->maps.data[DMAP_STRTAB];
	struct timespec real, boot;

	/* walltimestamp = boot-clock time + (wall clock - boot clock) */
	clock_gettime(CLOCK_REALTIME, &real);
	clock_gettime(CLOCK_BOOTTIME, &boot);
	int64_t wall = (real.tv_sec - boot.tv_sec) * 1000000000LL +
		       (real.tv_nsec - boot.tv_nsec);
	uint8_t *gi = arena_alloc(cg->a, globals_size);

	memcpy(gi + cg->wall_global, &wall, sizeof(wall));
	/* bufpolicy=fill: what END's records leave of each CPU's buffer */
	uint64_t end = bufpol_end_room(o);
	uint64_t fill = end < cg->opts->bufsize ? cg->opts->bufsize - end : 0;

	memcpy(gi + cg->fill_global, &fill, sizeof(fill));
	g->value_size = globals_size;
	g->init = gi;
	g->init_size = globals_size;

	/* padded so that strsize bytes can be read at any string's start */
	uint32_t size = (uint32_t)o->strtab.len + dopts_strbytes(cg->opts);
	uint8_t *si = arena_alloc(cg->a, size);

	if (o->strtab.len)
		memcpy(si, o->strtab.data, o->strtab.len);
	s->value_size = size;
	s->init = si;
	s->init_size = size;
}

/*
 * A probe description string into the string table, cut at strsize as
 * any D string is: two names alike in their first strsize characters
 * are one string, and so one key of an array or aggregation.
 */
uint32_t cg_probe_strtab_add(struct cg *cg, const char *s)
{
	size_t len = strlen(s), max = cg->opts->strsize;

	return dobj_strtab_add(cg->obj, s, len < max ? len : max);
}

/*
 * prid -> the string-table offsets of its four description fields.  The
 * strings are added before any program is generated, so that the bound
 * the programs check (strtab_max) holds for every offset in the table.
 */
static void add_prdesc(struct cg *cg)
{
	struct dobj *o = cg->obj;
	uint32_t max = 0;

	for (size_t i = 0; i < o->probes.len; i++)
		if (o->probes.data[i]->id > max)
			max = o->probes.data[i]->id;
	uint32_t (*tab)[4] = arena_alloc(cg->a, sizeof(*tab) * (max + 1));

	for (size_t i = 0; i < o->probes.len; i++) {
		const struct probe *p = o->probes.data[i];
		const char *f[] = { p->provname, p->mod, p->func, p->name };

		for (int j = 0; j < 4; j++)
			tab[p->id][j] = cg_probe_strtab_add(cg, f[j]);
	}
	struct dmap m = { .name = "dt_prdesc", .type = BPF_MAP_TYPE_ARRAY,
			  .key_size = 4, .value_size = sizeof(*tab) * (max + 1),
			  .max_entries = 1, .freeze = true,
			  .flags = BPF_F_RDONLY_PROG, .init = tab,
			  .init_size = sizeof(*tab) * (max + 1) };

	cg->prdesc_map = dobj_add_map(o, &m);
	cg->prdesc_max = max;
	cg->strtab_max = (uint32_t)o->strtab.len;
}

static int probe_cmp(const void *a, const void *b)
{
	const struct probe *x = *(const struct probe *const *)a;
	const struct probe *y = *(const struct probe *const *)b;

	return (x->id > y->id) - (x->id < y->id);
}

/* Is the clause enabled on p?  (A glob over fbt enables thousands.) */
static bool has_probe(const struct cg_clause *c, const struct probe *p)
{
	if (!c->byid) {
		for (size_t i = 0; i < c->nprobes; i++)
			if (c->probes[i] == p)
				return true;
		return false;
	}
	return bsearch(&p, c->byid, c->nprobes, sizeof(*c->byid),
		       probe_cmp) != NULL;
}

/* Does a statement record data (printf, trace, exit, raise ...)? */
static bool stmt_records(const struct node *s)
{
	if (s->kind == NK_IF)
		return stmt_records(s->then) || (s->els && stmt_records(s->els));
	if (s->kind == NK_BLOCK) {
		for (const struct node *b = s->body; b; b = b->next)
			if (stmt_records(b))
				return true;
		return false;
	}
	if (s->kind != NK_EXPR_STMT || s->lhs->kind != NK_CALL)
		return false;
	enum dfunc f = sema_func(s->lhs->name);

	return f == DF_PRINTF || f == DF_TRACE || f == DF_EXIT ||
	       (f >= DF_PRINTA && f <= DF_SETOPT) ||
	       f == DF_STACK || f == DF_USTACK ||
	       f == DF_SYSTEM || f == DF_FREOPEN || f == DF_FTRUNCATE ||
	       f == DF_TRACEMEM || f == DF_PRINT || f == DF_PCAP ||
	       /* the other destructive actions record, as DTrace's do */
	       f == DF_RAISE || f == DF_STOP || f == DF_CHILL ||
	       f == DF_BREAKPOINT || f == DF_PANIC ||
	       /* speculate() alone speculates the default action */
	       f == DF_SPECULATE ||
	       (s->lhs->type && sema_symval(s->lhs->type) != SV_NONE);
}

/*
 * Does the clause write a record?  As in DTrace: an empty clause records
 * its probe firing (the default action); otherwise only the actions that
 * record data do, so a clause of assignments and aggregations prints
 * nothing.
 */
static bool clause_records(const struct node *clause)
{
	if (!clause->body)
		return true;
	for (const struct node *s = clause->body; s; s = s->next)
		if (stmt_records(s))
			return true;
	return false;
}

/* Skip the clause unless this firing is one of its probes. */
static void emit_guard(struct cg *cg, const struct cg_clause *c, int end)
{
	const struct attach *at = cg->at;
	size_t n = 0;

	for (size_t i = 0; i < at->nprobes; i++)
		if (has_probe(c, at->probes[i]))
			n++;
	if (n == at->nprobes)
		return;
	int body = emit_label_new(cg->e);
	int r = ra_alloc(cg);

	emit(cg->e, I_LDX_MEM(BPF_W, r, REG_DCTX, offsetof(struct dctx, prid)));
	for (size_t i = 0; i < at->nprobes; i++)
		if (has_probe(c, at->probes[i]))
			emit_jmp_imm(cg->e, BPF_JEQ, r, (int32_t)at->probes[i]->id,
				     body);
	emit_ja(cg->e, end);
	emit_label_place(cg->e, body);
	ra_free(cg, r);
}

static void relay(struct cg *cg);

void cg_stmt(struct cg *cg, struct node *s)
{
	struct cg_scratch_mark m;

	cg_scratch_mark(cg, &m);
	switch (s->kind) {
	case NK_EMPTY:
		break;
	case NK_BLOCK:
		for (struct node *b = s->body; b; b = b->next) {
			cg_stmt(cg, b);
			relay(cg);
		}
		break;
	case NK_EXPR_STMT: {
		struct node *e = s->lhs;

		if (sema_is_agg_assign(e)) {
			cg_aggregate(cg, e);
			break;
		}
		if (e->kind == NK_CALL && sema_func(e->name) != DF_NONE) {
			size_t nacts = cg->acts.len;

			cg_action(cg, e, sema_func(e->name));
			cg_cond_mark(cg, s, nacts);
			break;
		}
		if (e->kind == NK_CALL && e->type &&
		    sema_symval(e->type) != SV_NONE) {
			/* sym(x); usym(x) ...: actions recording as trace() */
			size_t nacts = cg->acts.len;

			cg_action(cg, e, DF_STACK);
			cg_cond_mark(cg, s, nacts);
			break;
		}
		ra_free(cg, cg_expr(cg, e));
		break;
	}
	case NK_IF:
		cg_if(cg, s);
		break;
	case NK_DECL:	/* self/this declarations: nothing to run */
		break;
	default:
		cg_fail(cg, s, "%s is not supported yet", node_kind_name(s->kind));
	}
	if (s->kind == NK_EXPR_STMT)	/* what it used is dead: cg_reclaim.c */
		cg_scratch_reclaim(cg, &m, s);
}

/*
 * A BPF jump's offset has 16 bits, so a jump from a clause's start (its
 * guard, its predicate), from a fault deep in it to its end, or from an
 * if's condition over a long block cannot cross more than 32767
 * instructions.  Such jumps go instead to the next relay, a jump placed
 * between statements (at any depth of blocks) every RELAY_SPAN
 * instructions to the next one, the last of which is the label itself:
 * a clause of hundreds of statements keyed by string temporaries loads,
 * and so does an if whose block is that long.  The labels relayed are
 * those still ahead (cg->far: the clause's end, the else or end of each
 * enclosing if); one is relayed only where jumps go to it (the verifier
 * refuses code that cannot be reached), and the code before steps over
 * the relays.
 */
#define RELAY_SPAN	12000

static bool label_used(const struct emit *e, int label);

void cg_far_push(struct cg *cg, int *label)
{
	if (cg->nfar < CG_FAR_MAX)
		cg->far[cg->nfar] = label;
	cg->nfar++;
}

void cg_far_pop(struct cg *cg)
{
	cg->nfar--;
}

static void relay(struct cg *cg)
{
	if (cg->e->len - cg->relay_at < RELAY_SPAN)
		return;
	cg->relay_at = cg->e->len;
	int skip = -1, n = cg->nfar < CG_FAR_MAX ? cg->nfar : CG_FAR_MAX;

	for (int i = 0; i < n; i++) {
		int *label = cg->far[i];

		if (!label_used(cg->e, *label))
			continue;
		if (skip < 0) {
			skip = emit_label_new(cg->e);
			emit_ja(cg->e, skip);
		}
		int next = emit_label_new(cg->e);

		emit_label_place(cg->e, *label);
		emit_ja(cg->e, next);
		*label = next;
	}
	if (skip >= 0)
		emit_label_place(cg->e, skip);
}

void cg_clause(struct cg *cg, const struct cg_clause *c, struct dstmt *st)
{
	struct node *cl = c->clause;
	int end = emit_label_new(cg->e);

	cg->clause = cl;
	cg->clause_index = c->index;
	cg->stmt = st;
	cg->clause_end = end;
	cg->action = 0;
	cg->stmt_done = st->acts != NULL || st->size != 0;
	cg->acts.len = 0;
	cg->scratch_off = CG_REC_MAX;
	cg_alloca_begin(cg);	/* cg_subr_mem.c */
	cg->records = clause_records(cl);
	cg->obj->records |= cg->records;
	cg->cond_mask = cg->records && cg_clause_has_cond_actions(cl);
	if (!cg->stmt_done)
		st->cond_mask = cg->cond_mask;
	cg->relay_at = cg->e->len;
	cg->nfar = 0;
	cg_far_push(cg, &cg->clause_end);
	cg_line(cg, st->epid, 0, cl->loc);
	emit_guard(cg, c, end);
	cg_defer_guard(cg, end);
	cg_defer_clause(cg);
	cg_exit_guard(cg);
	cg_heap_begin(cg);	/* cg_subr_mem.c */
	if (cl->pred)
		cg_cond_jump(cg, cl->pred, end);
	if (cg->records)
		cg_record_begin(cg);
	if (cg->cond_mask)
		cg_cond_begin(cg);
	for (struct node *s = cl->body; s; s = s->next) {
		cg->action++;
		cg_line(cg, st->epid, cg->action, s->loc);
		cg_stmt(cg, s);
		relay(cg);
	}
	if (cg->records)
		cg_record_end(cg);
	/* the end, or the last relay's target (end is then the first) */
	emit_label_place(cg->e, cg->clause_end);
	cg_heap_end(cg);
	cg_line(cg, 0, 0, (struct srcloc){ 0 });
	if (!cg->stmt_done) {
		st->nacts = (int)cg->acts.len;
		st->acts = arena_memdup(cg->a, cg->acts.data ? cg->acts.data : (void *)"",
					sizeof(struct dact) * cg->acts.len);
		if (!cg->records)
			st->size = 0;
	}
	if (!ra_ok(cg) && !diag_failed(cg->diag))
		diag_error(cg->diag, cl->loc, D_UNSUPPORTED,
			   "internal error: registers leaked in clause");
	cg->busy = 0;
}

/* Does the code read or write through REG_DCTX? */
static bool uses_dctx(const struct emit *body)
{
	for (size_t i = 0; i < body->len; i++) {
		const struct bpf_insn *in = &body->insns[i];

		if (in->dst_reg == REG_DCTX || in->src_reg == REG_DCTX)
			return true;
		if (in->code == (BPF_LD | BPF_IMM | BPF_DW))
			i++;	/* the second half holds no registers */
	}
	return false;
}

/* Does a jump emitted so far (not yet resolved) go to label? */
static bool label_used(const struct emit *e, int label)
{
	for (size_t i = 0; i < e->nfixups; i++)
		if (e->fixups[i].label == label)
			return true;
	return false;
}

/* Does the code read the context pointer kept in the frame? */
static bool uses_frame_ctx(const struct emit *body)
{
	for (size_t i = 0; i < body->len; i++) {
		const struct bpf_insn *in = &body->insns[i];

		if (in->src_reg == REG_FP && in->off == FRAME_CTX &&
		    BPF_CLASS(in->code) == BPF_LDX)
			return true;
		if (in->code == (BPF_LD | BPF_IMM | BPF_DW))
			i++;
	}
	return false;
}

/*
 * The prologue: r6 = ctx, r7 = prid (from the provider, first: most
 * firings of a shared tracepoint are not ours and leave at once), then
 * nothing unless tracing is active (BEGIN and END aside), then r9 =
 * dctx and the arguments the clauses read.  A body that never touches
 * dctx (`@ = count()`) skips its lookup.  Firings that are not one of
 * the attach point's probes leave through the prologue's own exit.
 */
static void cg_prologue(struct cg *cg, struct emit *e, int nargs,
			bool need_dctx, bool need_ctx)
{
	const struct attach *at = cg->at;
	int out = emit_label_new(e), go = emit_label_new(e);

	emit(e, I_MOV64_REG(R6, R1));
	/* kept for bpf_get_stack(), which wants the context itself */
	if (need_ctx)
		emit(e, I_STX_MEM(BPF_DW, REG_FP, R1, FRAME_CTX));
	if (cg->replay) {
		/* a firing saved at a system call's entry (cg_defer.c) */
		cg_defer_prologue(cg, e, out);
		need_dctx = true;
		nargs = 0;
	} else {
		at->prov->prologue_prid(at, e, out);
	}
	if (at->cpu >= 0) {	/* -x cpu */
		emit(e, I_CALL(BPF_FUNC_get_smp_processor_id));
		emit_jmp_imm(e, BPF_JNE, R0, at->cpu, out);
	}
	if (!at->prov->fire && !cg->replay) {
		/* only BEGIN and END run outside the active state */
		emit_ld_map_value(e, R0, DMAP_STATE, 0);
		emit(e, I_LDX_MEM(BPF_W, R0, R0, 0));
		emit_jmp_imm(e, BPF_JNE, R0, DSTATE_ACTIVE, out);
	}
	if (need_dctx || nargs || at->other_thread || at->keeps_state) {
		emit(e, I_ST_MEM(BPF_W, REG_FP, FRAME_KEY0, 0));
		emit_ld_map(e, R1, DMAP_DCTX);
		emit(e, I_MOV64_REG(R2, REG_FP));
		emit(e, I_ALU64_IMM(BPF_ADD, R2, FRAME_KEY0));
		emit(e, I_CALL(BPF_FUNC_map_lookup_elem));
		emit_jmp_imm(e, BPF_JEQ, R0, 0, out);
		emit(e, I_MOV64_REG(REG_DCTX, R0));
		emit(e, I_STX_MEM(BPF_DW, REG_DCTX, R6,
				  offsetof(struct dctx, ctx)));
		emit(e, I_STX_MEM(BPF_W, REG_DCTX, R7,
				  offsetof(struct dctx, prid)));
		/* timestamp is one value for the whole firing */
		emit(e, I_ST_MEM(BPF_DW, REG_DCTX,
				 offsetof(struct dctx, tstamp), 0));
	}
	if (cg->replay)
		cg_defer_restore(cg, e);
	if (nargs || at->other_thread || at->keeps_state)
		at->prov->prologue_args(at, e, nargs);
	if (!label_used(e, out))	/* the verifier rejects dead code */
		return;
	emit_ja(e, go);
	emit_label_place(e, out);
	emit(e, I_MOV64_IMM(R0, 0));
	emit(e, I_EXIT());
	emit_label_place(e, go);
}

/*
 * The clause again, right after itself, on each probe that a further
 * description of it names (two descriptions, "go" and its alias "_go",
 * naming one probe): as DTrace's enablings, one per description.
 */
static void clause_again(struct cg *cg, const struct cg_clause *c,
			 struct dstmt *st)
{
	for (size_t k = 0; k < c->nagain && !diag_failed(cg->diag); k++) {
		struct cg_clause one = *c;

		one.probes = &c->again[k];
		one.nprobes = 1;
		one.byid = NULL;
		for (size_t j = 0; j < cg->at->nprobes; j++)
			if (cg->at->probes[j] == c->again[k]) {
				cg_clause(cg, &one, st);
				break;
			}
	}
}

int cg_attach(struct cg *cg, struct attach *at, struct cg_clause *clauses,
	      size_t n)
{
	struct emit body = { 0 }, pro = { 0 };
	struct dprog p = { .at = at, .prog_type = at->prog_type,
			   .attach_type = at->attach_type, .fd = -1 };

	cg->at = at;
	at->cpu = cg->opts->cpu >= 0 ? (int)cg->opts->cpu : -1;
	cg->e = &body;
	cg->nargs_used = 0;
	cg->exit_seen = false;
	cg->lines.len = 0;
	cg->defer_used = false;
	/* a replay's this-> variables are the entry's (cg_defer.c) */
	if (!cg->replay)
		cg_dvar_clear_this(cg);
	cg_defer_begin(cg);
	cg->error_called = false;
	cg->ntop_sub = -1;
	cg_error_begin(cg, clauses, n);
	for (size_t i = 0; i < n && !diag_failed(cg->diag); i++) {
		bool on = false;

		for (size_t j = 0; j < at->nprobes && !on; j++)
			on = has_probe(&clauses[i], at->probes[j]);
		if (on)
			cg_clause(cg, &clauses[i], &cg->obj->stmts.data[i]);
		clause_again(cg, &clauses[i], &cg->obj->stmts.data[i]);
	}
	emit(&body, I_MOV64_IMM(R0, 0));
	emit(&body, I_EXIT());
	cg_error_end(cg);
	cg_ntop_end(cg);
	emit_finish(&body);
	cg_loop_remap_lines(cg, &body);
	cg_prologue(cg, &pro, cg->nargs_used, uses_dctx(&body),
		    uses_frame_ctx(&body) || cg->error_called);
	emit_finish(&pro);
	size_t plen = pro.len;

	emit_append(&pro, &body);
	emit_finish(&pro);
	int err = emit_error(&pro) ? emit_error(&pro) : emit_error(&body);

	if (err && !diag_failed(cg->diag))
		diag_error(cg->diag, clauses[0].clause->loc, D_UNSUPPORTED, "%s",
			   emit_error(&body) ? emit_errmsg(&body) : emit_errmsg(&pro));
	p.insns = arena_memdup(cg->a, pro.insns ? pro.insns : (void *)"",
			       sizeof(struct bpf_insn) * pro.len);
	p.ninsns = pro.len;
	cg_lines_finish(cg, &p, plen);
	snprintf(p.name, sizeof(p.name), "dtrace_%zu", cg->obj->progs.len);
	vec_push(&cg->obj->progs, p);
	emit_free(&body);
	emit_free(&pro);
	cg->e = NULL;
	return diag_failed(cg->diag) ? -1 : 0;
}

/* Is n a probe argument (argN, args[])? */
static bool is_arg(const struct node *n, void *arg)
{
	return n->kind == NK_IDENT &&
	       ((n->builtin >= BV_ARG0 && n->builtin <= BV_ARG9) ||
		n->builtin == BV_ARGS);
}

/* Does n read the kernel stack (stack(), stackdepth, caller)? */
static bool is_kstack(const struct node *n, void *arg)
{
	return (n->kind == NK_IDENT && (n->builtin == BV_STACKDEPTH ||
					 n->builtin == BV_CALLER)) ||
	       (n->kind == NK_CALL && n->name && !strcmp(n->name, "stack"));
}

/* what the clause reads of its probes' firings (PROBE_READS_*) */
static uint8_t clause_reads(const struct node *c)
{
	uint8_t r = 0;

	if (ast_any(c->pred, is_arg, NULL) || ast_any(c->body, is_arg, NULL))
		r |= PROBE_READS_ARGS;
	if (ast_any(c->pred, is_kstack, NULL) ||
	    ast_any(c->body, is_kstack, NULL))
		r |= PROBE_READS_KSTACK;
	return r;
}

/*
 * Every enabled probe once, in id order, into obj->probes, each told
 * what the clauses on it read (for the plans).
 */
static void collect_probes(struct dobj *o, struct cg_clause *clauses, size_t n)
{
	VEC(uint8_t) seen = { 0 };

	for (size_t i = 0; i < n; i++) {
		struct cg_clause *c = &clauses[i];

		c->byid = arena_memdup(o->arena, c->probes ? (void *)c->probes
							    : (void *)"",
				       c->nprobes * sizeof(*c->probes));
		if (c->nprobes)
			qsort(c->byid, c->nprobes, sizeof(*c->byid),
			      probe_cmp);
		for (size_t j = 0; j < c->nprobes; j++) {
			struct probe *p = c->probes[j];

			while (seen.len <= p->id)
				vec_push(&seen, 0);
			if (seen.data[p->id])
				continue;
			seen.data[p->id] = 1;
			p->reads = 0;
			vec_push(&o->probes, p);
		}
	}
	vec_free(&seen);
	for (size_t i = 0; i < n; i++) {
		uint8_t r = clause_reads(clauses[i].clause);

		for (size_t j = 0; j < clauses[i].nprobes && r; j++)
			clauses[i].probes[j]->reads |= r;
	}
	if (o->probes.len)
		qsort(o->probes.data, o->probes.len, sizeof(*o->probes.data),
		      probe_cmp);
}

static uint64_t mix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

static int id_cmp(const void *key, const void *elem)
{
	uint32_t id = *(const uint32_t *)key;
	const struct probe *p = *(const struct probe *const *)elem;

	return (id > p->id) - (id < p->id);
}

/*
 * Number the sets of clauses that enable each probe (probe->group), so
 * that a provider can give the probes of one set one program, which
 * then needs no guards.  A set is known by a hash of its clauses; two
 * sets that collide only share a program with guards.
 */
static void group_probes(struct dobj *o, struct cg_clause *clauses, size_t n)
{
	uint64_t *h = xcalloc(o->probes.len + 1, sizeof(*h));
	VEC(uint64_t) seen = { 0 };

	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < clauses[i].nprobes; j++) {
			struct probe **at = bsearch(&clauses[i].probes[j]->id,
						    o->probes.data, o->probes.len,
						    sizeof(*at), id_cmp);

			if (at)
				h[at - o->probes.data] ^= mix(i + 1);
		}
	for (size_t k = 0; k < o->probes.len; k++) {
		size_t g = 0;

		while (g < seen.len && seen.data[g] != h[k])
			g++;
		if (g == seen.len)
			vec_push(&seen, h[k]);
		o->probes.data[k]->group = (uint32_t)g;
	}
	vec_free(&seen);
	free(h);
}

static bool needs_prdesc(struct attach_vec *av)
{
	for (size_t i = 0; i < av->len; i++)
		if (av->data[i]->nprobes > 1)
			return true;
	return false;
}

/*
 * A program that may be compiled again while tracing, its new programs
 * loaded on the first compilation's maps (runtime/ulate.c), must create
 * the same maps and record layouts in the same order whatever probes it
 * finds: every clause is generated once first, in program order, into
 * code that is thrown away, which defines them.  Errors there are the
 * real generation's to report.
 */
static void define_clauses(struct cg *cg, struct cg_clause *clauses, size_t n)
{
	static const struct provider none = { .name = "" };
	struct attach fake = { .prov = &none, .map = -1, .nargs = -1 };
	struct diag saved = *cg->diag;
	struct emit body = { 0 };

	cg->at = &fake;
	cg->e = &body;
	for (size_t i = 0; i < n && !diag_failed(cg->diag); i++) {
		cg->nargs_used = 0;
		cg->exit_seen = false;
		cg->lines.len = 0;
		cg_dvar_clear_this(cg);
		cg->error_called = false;
		cg->error_sub = -1;
		cg->ntop_sub = -1;
		cg_clause(cg, &clauses[i], &cg->obj->stmts.data[i]);
	}
	emit_free(&body);
	cg->e = NULL;
	cg->at = NULL;
	*cg->diag = saved;
}

int cg_program(struct cg *cg, struct cg_clause *clauses, size_t n)
{
	struct dobj *o = cg->obj;
	struct attach_vec av = { 0 };

	add_std_maps(cg);
	cg_strtok_reserve(cg, clauses, n);
	for (size_t i = 0; i < n; i++) {
		struct dstmt st = { .epid = (uint32_t)i + 1,
				    .loc = clauses[i].clause->loc };

		vec_push(&o->stmts, st);
	}
	collect_probes(o, clauses, n);
	group_probes(o, clauses, n);
	cg_defer_want(cg, clauses, n);	/* before the providers plan */
	cg_kstack_want(cg, clauses, n);
	for (size_t k = 0; providers[k]; k++) {
		const struct provider *prov = providers[k];
		VEC(struct probe *) mine = { 0 };

		for (size_t j = 0; j < o->probes.len; j++)
			if (o->probes.data[j]->prov == prov)
				vec_push(&mine, o->probes.data[j]);
		int err = mine.len ? prov->plan(mine.data, mine.len, o, &av) : 0;

		vec_free(&mine);
		if (err < 0) {
			diag_error(cg->diag, clauses[0].clause->loc, D_UNSUPPORTED,
				   "provider %s: cannot plan its probes: %s",
				   prov->name, strerror(-err));
			vec_free(&av);
			return -1;
		}
	}
	for (size_t i = 0; i < av.len; i++)
		cg->prov_stem |= av.data[i]->prov_stem != NULL;
	/* a compilation again may find such probes, or no longer: its
	 * aggregations' layouts are the first's whatever it finds */
	for (size_t i = 0; o->late && i < o->descs.len; i++)
		cg->prov_stem |= uwide_pattern(o->descs.data[i].f[0]);
	cg->prdesc_map = -1;
	if (needs_prdesc(&av) || o->late)
		add_prdesc(cg);
	/* before define_clauses: late compilations make the same maps */
	cg_defer_maps(cg, av.data, av.len);
	if (o->late)
		define_clauses(cg, clauses, n);
	uint32_t gsize = (cg->globals_size + 7) & ~7u;

	cg->wall_global = (int)gsize;
	gsize += 8;
	cg->dvpool_global = (int)gsize;
	gsize += 8;
	cg->fill_global = (int)gsize;
	gsize += 8;
	cg->obj->dvpool_empty = cg->dvpool_limit == 0;
	for (size_t i = 0; i < av.len && !diag_failed(cg->diag); i++) {
		cg_attach(cg, av.data[i], clauses, n);
		if (cg->defer_used && !diag_failed(cg->diag))
			cg_defer_replay(cg, av.data[i], clauses, n);
	}
	vec_free(&av);
	vec_free(&cg->acts);
	vec_free(&cg->lines);
	if (diag_failed(cg->diag))
		return -1;
	finish_maps(cg, gsize);
	return 0;
}

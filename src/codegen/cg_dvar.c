/*
 * Code generation for D's dynamic and clause-local variables.
 *
 * self->x: one BPF hash map per variable, keyed by the thread (the u64
 * that bpf_get_current_pid_tgid() returns: thread ids are unique, and the
 * process id rides along for free); a thread-local associative array
 * self->a[k1, k2] is keyed by the thread followed by the tuple.  a[k1, k2]: one hash map per array,
 * keyed by the tuple laid out as aggregation keys are (cg_agg.c):
 * integers in normalised 8-byte slots, strings strsize bytes zero-padded
 * so that equal strings make equal keys, and a key that is probeprov,
 * probemod, probefunc or probename in every use its string's offset in
 * the string table (which holds each string once), 8 bytes: no key is
 * ever read back, so it need not be the string.  Values are an 8-byte
 * normalised integer, strsize bytes of string, or a struct or union's
 * bytes (its value is then the address of the map's copy, or of the
 * shared zero element when there is none).  The maps are
 * preallocated (allocating on demand fails in interrupt context, as in
 * profile and tick probes); dynvarsize bounds them together
 * (cg_dvpool.c), and an insertion past it or into a full map is dropped
 * and counted as a dynamic variable drop.
 * Reading an absent element gives 0 (the NULL string for strings);
 * assigning 0 to a scalar element (a literal 0 to a struct or union one)
 * deletes it, as in DTrace.
 *
 * this->x: fixed offsets in a region at the top of dctx scratch, reserved
 * for the whole program (cg_scratch allocates below it) and zeroed at
 * the start of every firing, so that clause-locals keep their values
 * across the clauses of one firing and nothing leaks between firings.
 */
#include "cg.h"

#include "../compile/lex.h"
#include "../runtime/options.h"

/* approximate per-element overhead of a kernel hash map entry */
#define DVAR_ELEM_OVERHEAD	48
/* the elements a variable's map has room for at the least */
#define DVAR_MIN_ELEMS		64

static int32_t scratch_at(uint32_t off)
{
	return (int32_t)(offsetof(struct dctx, scratch) + off);
}

/* first byte of the this-> region in dctx scratch */
static uint32_t this_base(const struct cg *cg)
{
	return DCTX_SCRATCH - cg->this_size;
}

static uint32_t value_size(const struct cg *cg, const struct dsym *y)
{
	if (type_is_dvar_byval(y->type))
		return (y->type->size + 7) & ~7u;
	return type_is_string(y->type) ? dopts_strbytes(cg->opts) : 8;
}

/* strings, structs, unions and arrays: the value is the address of the bytes */
static bool by_ref(const struct dsym *y)
{
	return type_is_string(y->type) || type_is_dvar_byval(y->type);
}

/* key i of y's slot (a probe string's string-table offset: 8 bytes) */
static uint32_t key_slot(const struct cg *cg, const struct dsym *y, int i)
{
	const struct dtype *t = y->keys[i];

	if (cg_probe_key(cg, y, i))
		return 8;
	if (type_is_sou(t))	/* a struct or union key: its bytes */
		return (t->size + 7) & ~7u;
	return type_is_string(t) ? (dopts_strbytes(cg->opts) + 7) & ~7u : 8;
}

static uint32_t key_size(const struct cg *cg, const struct dsym *y)
{
	uint32_t size = y->kind == SYM_SELF ? 8 : 0;

	for (int i = 0; i < y->nkeys; i++)
		size += key_slot(cg, y, i);
	return size;
}

/* The variable's map (created the first time); its index in dobj.maps. */
static int dvar_map(struct cg *cg, struct dsym *y)
{
	if (y->dvar_map)
		return y->dvar_map - 1;
	uint32_t ks = key_size(cg, y), vs = value_size(cg, y);
	uint64_t max = cg->opts->dynvarsize / (ks + vs + DVAR_ELEM_OVERHEAD);
	const char *base = y->kind == SYM_SELF ? y->name + 6 : y->name;

	/* room for the whole space (cg_dvpool.c) if it is small; else a
	 * share of dynvarsize by the kernel's element size */
	if (max < DVAR_MIN_ELEMS)
		max = DVAR_MIN_ELEMS;
	if (max > cg->dvpool_limit)
		max = cg->dvpool_limit;
	if (max < 1)
		max = 1;
	if (max > (1u << 24))
		max = 1u << 24;
	struct dmap m = {
		.name = arena_printf(cg->a, "%s_%.10s",
				     y->kind == SYM_SELF ? "dvs" : "dva", base),
		.type = BPF_MAP_TYPE_HASH, .key_size = ks, .value_size = vs,
		.max_entries = (uint32_t)max,
	};

	y->dvar_map = dobj_add_map(cg->obj, &m) + 1;
	return y->dvar_map - 1;
}

/* Build n's key (self: the thread; a[...]: the tuple) in scratch. */
static uint32_t build_key(struct cg *cg, struct node *n)
{
	const struct dsym *y = n->sym;
	uint32_t size = key_size(cg, y);

	cg_tuple_check(cg, y->nkeys);
	uint32_t k = cg_scratch(cg, size);

	uint32_t off = k;
	int i = 0;

	if (y->kind == SYM_SELF) {
		int r = cg_thread_key(cg);

		emit(cg->e, I_STX_MEM(BPF_DW, REG_DCTX, r, scratch_at(k)));
		ra_free(cg, r);
		if (!y->nkeys)
			return k;
		off += 8;	/* self->a[k...]: the thread, then the tuple */
	}
	for (uint32_t o = off - k; o < size; o += 8)
		emit(cg->e, I_ST_MEM(BPF_DW, REG_DCTX, scratch_at(k + o), 0));

	for (struct node *a = n->args; a; a = a->next, i++) {
		int r;

		if (cg_probe_key(cg, y, i)) {
			r = cg_probe_string_offset(cg, a->builtin);
			emit(cg->e, I_STX_MEM(BPF_DW, REG_DCTX, r, scratch_at(off)));
			ra_free(cg, r);
			off += 8;
			continue;
		}
		r = cg_expr(cg, a);
		if (type_is_string(y->keys[i])) {
			int dst = ra_alloc(cg);

			emit(cg->e, I_MOV64_REG(dst, REG_DCTX));
			cg_strcpy(cg, dst, scratch_at(off), r,
				  dopts_strbytes(cg->opts));
		} else if (type_is_sou(y->keys[i])) {
			int dst = ra_alloc(cg);

			emit(cg->e, I_MOV64_REG(dst, REG_DCTX));
			emit(cg->e, I_ALU64_IMM(BPF_ADD, dst, scratch_at(off)));
			cg_sou_copy(cg, dst, y->keys[i]->size, r);
			ra_free(cg, dst);
		} else {
			if (type_is_int(a->type))
				cg_normalize(cg, r, a->type);
			emit(cg->e, I_STX_MEM(BPF_DW, REG_DCTX, r, scratch_at(off)));
			ra_free(cg, r);
		}
		off += key_slot(cg, y, i);
	}
	return k;
}

/* The value at key k: 0 (or "") when absent; a new register. */
static int lookup(struct cg *cg, struct dsym *y, uint32_t k)
{
	struct cg_arg la[] = { ARG_MAP(dvar_map(cg, y)), ARG_DCTX(k) };
	int v = cg_call(cg, BPF_FUNC_map_lookup_elem, la, 2, true);
	int found = emit_label_new(cg->e), done = emit_label_new(cg->e);

	emit_jmp_imm(cg->e, BPF_JNE, v, 0, found);
	if (type_is_dvar_byval(y->type)) {
		int z = cg_sou_zero(cg, value_size(cg, y));

		emit(cg->e, I_MOV64_REG(v, z));
		ra_free(cg, z);
	} else if (type_is_string(y->type)) {	/* NULL, as in DTrace */
		int e = cg_str_null(cg);

		emit(cg->e, I_MOV64_REG(v, e));
		ra_free(cg, e);
	} else {
		emit(cg->e, I_MOV64_IMM(v, 0));
	}
	emit_ja(cg->e, done);
	emit_label_place(cg->e, found);
	if (!by_ref(y))
		emit(cg->e, I_LDX_MEM(BPF_DW, v, v, 0));
	if (type_is_string(y->type))
		cg_str_load(cg, v, value_size(cg, y));
	emit_label_place(cg->e, done);
	return v;
}

static int this_load(struct cg *cg, const struct dsym *y)
{
	int r = ra_alloc(cg);
	int32_t at = scratch_at(this_base(cg) + y->offset);

	if (by_ref(y)) {
		emit(cg->e, I_MOV64_REG(r, REG_DCTX));
		emit(cg->e, I_ALU64_IMM(BPF_ADD, r, at));
		if (type_is_string(y->type))
			cg_str_load(cg, r, y->type->size);
	} else {
		emit(cg->e, I_LDX_MEM(BPF_DW, r, REG_DCTX, at));
	}
	return r;
}

/* Load through a key already built (k; unused for this->). */
static int load_at(struct cg *cg, struct dsym *y, uint32_t k)
{
	return y->kind == SYM_THIS ? this_load(cg, y) : lookup(cg, y, k);
}

int cg_dvar_load(struct cg *cg, struct node *n)
{
	struct dsym *y = n->sym;

	if (y->kind == SYM_THIS)
		return this_load(cg, y);
	return lookup(cg, y, build_key(cg, n));
}

/*
 * map[k] = the bytes at scratch offset slot.  A new element claims its
 * place in the dynamic variable space first (cg_dvpool.c); when none is
 * left, or the map is full, the store is dropped and counted as a
 * dynamic variable drop.
 */
static void update(struct cg *cg, struct dsym *y, uint32_t k, uint32_t slot)
{
	int m = dvar_map(cg, y);
	struct cg_arg la[] = { ARG_MAP(m), ARG_DCTX(k) };
	struct cg_arg ua[] = { ARG_MAP(m), ARG_DCTX(k), ARG_DCTX(slot),
			       ARG_IMM(BPF_ANY) };
	int p = cg_call(cg, BPF_FUNC_map_lookup_elem, la, 2, true);
	int fresh = emit_label_new(cg->e), done = emit_label_new(cg->e);
	int drop = emit_label_new(cg->e);

	emit_jmp_imm(cg->e, BPF_JEQ, p, 0, fresh);
	ra_free(cg, p);
	int r = cg_call(cg, BPF_FUNC_map_update_elem, ua, 4, true);

	emit_jmp_imm(cg->e, BPF_JEQ, r, 0, done);
	ra_free(cg, r);
	emit_ja(cg->e, drop);
	emit_label_place(cg->e, fresh);
	cg_dvpool_claim(cg, drop);
	r = cg_call(cg, BPF_FUNC_map_update_elem, ua, 4, true);
	emit_jmp_imm(cg->e, BPF_JEQ, r, 0, done);
	ra_free(cg, r);
	cg_dvpool_release(cg);
	emit_label_place(cg->e, drop);
	cg_count_drop(cg, DSTAT_DYN_DROPS);
	emit_label_place(cg->e, done);
}

/* Delete the element at key k, giving its place back to the space. */
static void delete(struct cg *cg, struct dsym *y, uint32_t k)
{
	struct cg_arg da[] = { ARG_MAP(dvar_map(cg, y)), ARG_DCTX(k) };
	int r = cg_call(cg, BPF_FUNC_map_delete_elem, da, 2, true);
	int gone = emit_label_new(cg->e);

	emit_jmp_imm(cg->e, BPF_JNE, r, 0, gone);
	ra_free(cg, r);
	cg_dvpool_release(cg);
	emit_label_place(cg->e, gone);
}

/* Store v (normalised to y's type; stays allocated) at key k. */
static void store_at(struct cg *cg, struct dsym *y, uint32_t k, int v)
{
	uint32_t vs = value_size(cg, y);

	if (type_is_string(y->type)) {
		uint32_t slot = y->kind == SYM_THIS ? this_base(cg) + y->offset
						    : cg_scratch(cg, vs);
		int dst = ra_alloc(cg);

		emit(cg->e, I_MOV64_REG(dst, REG_DCTX));
		emit(cg->e, I_ALU64_IMM(BPF_ADD, dst, scratch_at(slot)));
		cg_str_store(cg, dst, v, vs);	/* NULL: cg_strnull.c */
		if (y->kind != SYM_THIS)
			update(cg, y, k, slot);
		return;
	}
	if (y->kind == SYM_THIS) {
		emit(cg->e, I_STX_MEM(BPF_DW, REG_DCTX, v,
				      scratch_at(this_base(cg) + y->offset)));
		return;
	}
	/* assigning 0 frees the element */
	int set = emit_label_new(cg->e), done = emit_label_new(cg->e);

	emit_jmp_imm(cg->e, BPF_JNE, v, 0, set);
	delete(cg, y, k);
	emit_ja(cg->e, done);
	emit_label_place(cg->e, set);
	uint32_t slot = cg_scratch(cg, 8);

	emit(cg->e, I_STX_MEM(BPF_DW, REG_DCTX, v, scratch_at(slot)));
	update(cg, y, k, slot);
	emit_label_place(cg->e, done);
}

/*
 * x = y of a struct or union: copied (a bad address faulting) into the
 * this-> region, or into scratch and from there into the map.  The
 * value is the address of the copy.
 */
static int assign_sou(struct cg *cg, struct node *n)
{
	struct dsym *y = n->lhs->sym;
	int src = cg_expr(cg, n->rhs), dst = ra_alloc(cg);
	uint32_t slot = y->kind == SYM_THIS ? this_base(cg) + y->offset
					    : cg_scratch(cg, value_size(cg, y));

	emit(cg->e, I_MOV64_REG(dst, REG_DCTX));
	emit(cg->e, I_ALU64_IMM(BPF_ADD, dst, scratch_at(slot)));
	cg_sou_copy(cg, dst, y->type->size, src);
	if (y->kind != SYM_THIS)
		update(cg, y, build_key(cg, n->lhs), slot);
	return dst;
}

int cg_dvar_assign(struct cg *cg, struct node *n)
{
	struct node *lhs = n->lhs;
	struct dsym *y = lhs->sym;

	if (sema_dvar_sou_delete(n)) {
		int z = ra_alloc(cg);

		delete(cg, y, build_key(cg, lhs));
		emit(cg->e, I_MOV64_IMM(z, 0));
		return z;
	}
	if (type_is_dvar_byval(y->type))
		return assign_sou(cg, n);
	int v;
	uint32_t k;

	if (n->op != TK_ASSIGN) {
		/* x op= e reads x before it evaluates e, as DTrace does */
		k = y->kind == SYM_THIS ? 0 : build_key(cg, lhs);
		int old = load_at(cg, y, k);

		v = cg_expr_to(cg, n->rhs, y->type);
		cg_arith(cg, n->op, old, v, y->type);
		v = old;
	} else {
		v = cg_expr_to(cg, n->rhs, y->type);
		k = y->kind == SYM_THIS ? 0 : build_key(cg, lhs);
	}
	if (!type_is_string(y->type))
		cg_normalize(cg, v, y->type);
	store_at(cg, y, k, v);
	return v;
}

int cg_dvar_incdec(struct cg *cg, struct node *n)
{
	struct dsym *y = n->lhs->sym;
	uint32_t k = y->kind == SYM_THIS ? 0 : build_key(cg, n->lhs);
	int v = load_at(cg, y, k);
	int res = ra_alloc(cg);
	bool post = n->kind == NK_POSTINC || n->kind == NK_POSTDEC;

	if (post)
		emit(cg->e, I_MOV64_REG(res, v));
	/* a pointer moves by its pointee's size (sema_incdec_type) */
	emit(cg->e, I_ALU64_IMM(n->op == TK_INC ? BPF_ADD : BPF_SUB, v,
				n->ival ? (int32_t)n->ival : 1));
	cg_normalize(cg, v, y->type);
	if (!post)
		emit(cg->e, I_MOV64_REG(res, v));
	store_at(cg, y, k, v);
	ra_free(cg, v);
	return res;
}

/*
 * The address of the struct or union in dynamic variable n, writable,
 * for a store into a member (cg_store.c): its place in the this->
 * region, or its map element, inserted zero-filled first when absent,
 * since DTrace creates the variable on the first store into a member.
 * A full map counts a dynamic variable drop and faults "invalid address
 * (0x0)", as DTrace's store through the null address its failed
 * allocation gives does.
 */
int cg_dvar_addr(struct cg *cg, struct node *n)
{
	struct dsym *y = n->sym;

	if (y->kind == SYM_THIS)
		return this_load(cg, y);
	uint32_t k = build_key(cg, n);
	int m = dvar_map(cg, y);
	struct cg_arg la[] = { ARG_MAP(m), ARG_DCTX(k) };
	int v = cg_call(cg, BPF_FUNC_map_lookup_elem, la, 2, true);
	int found = emit_label_new(cg->e);

	emit_jmp_imm(cg->e, BPF_JNE, v, 0, found);
	/* v is 0 here: it stays allocated to carry the second lookup */
	int full = emit_label_new(cg->e), again = emit_label_new(cg->e);

	cg_dvpool_claim(cg, full);	/* cg_dvpool.c */
	int z = cg_sou_zero(cg, value_size(cg, y));
	struct cg_arg ua[] = { ARG_MAP(m), ARG_DCTX(k), ARG_REG(z),
			       ARG_IMM(BPF_NOEXIST) };
	int u = cg_call(cg, BPF_FUNC_map_update_elem, ua, 4, true);

	emit_jmp_imm(cg->e, BPF_JEQ, u, 0, again);
	ra_free(cg, u);
	cg_dvpool_release(cg);
	emit_label_place(cg->e, again);
	int r = cg_call(cg, BPF_FUNC_map_lookup_elem, la, 2, true);

	emit(cg->e, I_MOV64_REG(v, r));
	ra_free(cg, r);
	emit_jmp_imm(cg->e, BPF_JNE, v, 0, found);
	emit_label_place(cg->e, full);
	cg_count_drop(cg, DSTAT_DYN_DROPS);
	cg_fault(cg, DFLT_BADADDR, -1);		/* abandons the clause */
	emit_label_place(cg->e, found);
	return v;
}

/* At the start of each firing: clause-locals start out zero. */
void cg_dvar_clear_this(struct cg *cg)
{
	for (uint32_t o = 0; o < cg->this_size; o += 8)
		emit(cg->e, I_ST_MEM(BPF_DW, REG_DCTX,
				     scratch_at(this_base(cg) + o), 0));
}

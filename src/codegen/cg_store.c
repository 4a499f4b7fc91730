/*
 * Code generation for stores into members and elements of the script's
 * typed globals and of struct-valued dynamic variables (sema_store.c
 * checked them): `pt.x = 1`, `a[i] += 2`, `self->p.x = 1`,
 * `f.bits++`, `ci.name = "abc"`, `g.s = x` (copied whole, cg_sou.c), and
 * stores through pointers (`p->x = 1`,
 * `*p = 2`, `p[i] = 3`), whose address cg_scratch_dest (cg_subr_mem.c)
 * checks at run time to lie in scratch memory, as DTrace's
 * dtrace_canstore does: anywhere else faults "invalid address".
 *
 * Such an object is in the globals map, a dynamic variable's map element
 * (created zero-filled by cg_dvar_addr) or the this-> region, so the store is a plain BPF
 * store through the map value pointer, which the verifier can check:
 * the address is built from the global's constant offset, member
 * offsets, and array subscripts.  A subscript that is not a constant is
 * compared with the array's bound first (the verifier needs the bound
 * anyway), and one out of range faults (add_index).  Bit-fields are read, masked and written back as a unit.
 */
#include "cg.h"

#include "../compile/lex.h"

static const int size_op[] = { [1] = BPF_B, [2] = BPF_H, [4] = BPF_W, [8] = BPF_DW };

static uint32_t unit_size(uint32_t size)
{
	return size <= 1 ? 1 : size <= 2 ? 2 : size <= 4 ? 4 : 8;
}

static bool is_bitfield(const struct node *n)
{
	return (n->kind == NK_MEMBER || n->kind == NK_PTRMEMBER) && n->slen;
}

/*
 * base += index * scale, index checked against the array's bound
 * (one more where sema let &a[N] point just past the end).  An index
 * out of a global's array faults "index out of bounds (i)"; out of an
 * array held in a dynamic variable, "invalid address" (the byte offset
 * in the array: the map's own address means nothing to the user), as
 * DTrace reports a store outside the variable's storage.
 */
static void add_index(struct cg *cg, int base, struct node *add, bool past,
		      bool dvar)
{
	const struct dtype *at = add->lhs->type;
	uint32_t scale = type_ptr_scale(add->type);
	/* sema scaled the subscript with a multiplication of its own */
	struct node *idx = scale == 1 ? add->rhs : add->rhs->lhs;
	int i = cg_expr(cg, idx);

	if (at->nelems) {
		int ok = emit_label_new(cg->e);

		emit_jmp_imm(cg->e, BPF_JLT, i, (int32_t)(at->nelems + past), ok);
		if (dvar)
			emit(cg->e, I_ALU64_IMM(BPF_MUL, i, (int32_t)scale));
		cg_fault(cg, dvar ? DFLT_BADADDR : DFLT_BADINDEX, i);
		emit_label_place(cg->e, ok);
	} else {
		/* no bound (a flexible array member): only element 0 */
		emit(cg->e, I_MOV64_IMM(i, 0));
	}
	if (scale != 1)
		emit(cg->e, I_ALU64_IMM(BPF_MUL, i, (int32_t)scale));
	emit(cg->e, I_ALU64_REG(BPF_ADD, base, i));
	ra_free(cg, i);
}

static bool is_element(const struct node *n)
{
	return n->kind == NK_UNARY && n->op == TK_STAR &&
	       n->lhs->kind == NK_BINARY && n->lhs->op == TK_PLUS &&
	       n->lhs->lhs->type && n->lhs->lhs->type->kind == DT_ARRAY;
}

/*
 * The address of lvalue n, in a new register; for a bit-field, the
 * address of the structure holding it.  In the globals map (a pointer
 * the verifier knows), or, for an lvalue reached through a pointer
 * (*raw set), a plain address that cg_scratch_dest must check.  A
 * struct in a dynamic variable is created for a store; a read (!store)
 * takes its value, the shared zero element when absent.
 */
static int lvalue_addr(struct cg *cg, struct node *n, bool *raw, bool store)
{
	int r;

	if (sema_is_dvar(n))
		return store ? cg_dvar_addr(cg, n) : cg_dvar_load(cg, n);
	if (n->kind == NK_IDENT) {
		r = ra_alloc(cg);
		emit_ld_map_value(cg->e, r, DMAP_GLOBALS, n->sym->offset);
		return r;
	}
	if (n->kind == NK_MEMBER || n->kind == NK_PTRMEMBER) {
		if (n->kind == NK_PTRMEMBER) {
			r = cg_expr(cg, n->lhs);
			*raw = true;
		} else {
			r = lvalue_addr(cg, n->lhs, raw, store);
		}
		if (!n->slen && n->ival / 8)
			emit(cg->e, I_ALU64_IMM(BPF_ADD, r, (int32_t)(n->ival / 8)));
		return r;
	}
	if (!is_element(n)) {
		/* *p: p's value */
		*raw = true;
		return cg_expr(cg, n->lhs);
	}
	/* *(a + i) */
	r = lvalue_addr(cg, n->lhs->lhs, raw, store);
	add_index(cg, r, n->lhs, n->aux == 1,	/* aux: sema_mem.c */
		  sema_is_dvar(n->lhs->lhs));
	return r;
}

/*
 * Is n, a checked *(a + i), an element of an array in a global of the
 * script's or in a struct-valued dynamic variable?  Then cg_store_elem_addr gives its address, its subscript
 * checked, also for a read (the verifier would refuse an unchecked
 * subscript added to the map value pointer).
 */
bool cg_store_is_elem(const struct node *n)
{
	if (!is_element(n))
		return false;
	for (n = n->lhs->lhs;;) {
		if (n->kind == NK_MEMBER && !n->slen)
			n = n->lhs;
		else if (is_element(n))
			n = n->lhs->lhs;
		else
			break;
	}
	if (sema_is_dvar(n))	/* a struct-valued dynamic variable */
		return n->sym && type_is_dvar_byval(n->type);
	return n->kind == NK_IDENT && n->builtin < 0 && n->sym &&
	       n->sym->kind == SYM_GLOBAL;
}

int cg_store_elem_addr(struct cg *cg, struct node *n)
{
	bool raw = false;

	return lvalue_addr(cg, n, &raw, false);
}

/* The bit-field n's unit: its size, and addr advanced to it */
static uint32_t bf_unit(struct cg *cg, struct node *n, int addr)
{
	uint32_t bit = (uint32_t)n->ival, bits = (uint32_t)n->slen;
	uint32_t first = bit / 8;

	if (first)
		emit(cg->e, I_ALU64_IMM(BPF_ADD, addr, (int32_t)first));
	return unit_size((bit % 8 + bits + 7) / 8);
}

/* The current value of lvalue n at addr (kept) */
static int load_at(struct cg *cg, struct node *n, int addr, uint32_t size)
{
	int r = ra_alloc(cg);

	emit(cg->e, I_LDX_MEM(size_op[size], r, addr, 0));
	if (is_bitfield(n)) {
		uint32_t bit = (uint32_t)n->ival % 8, bits = (uint32_t)n->slen;

		emit(cg->e, I_ALU64_IMM(BPF_LSH, r, 64 - bit - bits));
		emit(cg->e, I_ALU64_IMM(n->type->is_signed ? BPF_ARSH : BPF_RSH,
					r, 64 - bits));
		return r;
	}
	cg_normalize(cg, r, n->type);
	return r;
}

/* Store v (kept: it becomes the field's value, truncated) into bit-field
 * n whose unit of size bytes is at addr. */
static void store_bits(struct cg *cg, struct node *n, int addr, int v,
		       uint32_t size)
{
	uint32_t bit = (uint32_t)n->ival % 8, bits = (uint32_t)n->slen;
	uint64_t field = bits >= 64 ? ~0ull : (1ull << bits) - 1;
	int u = ra_alloc(cg), m = ra_alloc(cg), w = ra_alloc(cg);

	emit(cg->e, I_LDX_MEM(size_op[size], u, addr, 0));
	emit_ld_imm64(cg->e, m, ~(field << bit));
	emit(cg->e, I_ALU64_REG(BPF_AND, u, m));
	emit_ld_imm64(cg->e, m, field);
	emit(cg->e, I_MOV64_REG(w, v));
	emit(cg->e, I_ALU64_REG(BPF_AND, w, m));
	if (bit)
		emit(cg->e, I_ALU64_IMM(BPF_LSH, w, (int32_t)bit));
	emit(cg->e, I_ALU64_REG(BPF_OR, u, w));
	emit(cg->e, I_STX_MEM(size_op[size], addr, u, 0));
	/* the expression's value is what the field now holds */
	emit(cg->e, I_ALU64_IMM(BPF_LSH, v, 64 - bits));
	emit(cg->e, I_ALU64_IMM(n->type->is_signed ? BPF_ARSH : BPF_RSH,
				v, 64 - bits));
	ra_free(cg, u);
	ra_free(cg, m);
	ra_free(cg, w);
}

static void store_at(struct cg *cg, struct node *n, int addr, int v,
		     uint32_t size)
{
	if (is_bitfield(n)) {
		store_bits(cg, n, addr, v, size);
		return;
	}
	cg_normalize(cg, v, n->type);
	emit(cg->e, I_STX_MEM(size_op[size], addr, v, 0));
}

/* The size of the unit n's value is stored in; addr advanced to it */
static uint32_t target(struct cg *cg, struct node *n, int addr)
{
	if (is_bitfield(n))
		return bf_unit(cg, n, addr);
	return n->type->kind == DT_PTR ? 8 : unit_size(n->type->size);
}

/* The address of lvalue n's unit (*size bytes), writable: one reached
 * through a pointer is checked to lie in scratch memory. */
static int target_addr(struct cg *cg, struct node *n, uint32_t *size)
{
	bool raw = false;
	int addr = lvalue_addr(cg, n, &raw, true);

	*size = target(cg, n, addr);
	return raw ? cg_scratch_dest(cg, addr, *size) : addr;
}

/*
 * a string or char array copied into a char array or a string member,
 * NUL-terminated
 */
static int store_chars(struct cg *cg, struct node *n)
{
	int v = cg_expr(cg, n->rhs);
	uint32_t size = n->lhs->type->kind == DT_ARRAY ?
			n->lhs->type->nelems : n->lhs->type->size;
	bool raw = false;
	int addr = lvalue_addr(cg, n->lhs, &raw, true), dst;

	if (raw)
		addr = cg_scratch_dest(cg, addr, size ? size : 1);
	dst = ra_alloc(cg);

	emit(cg->e, I_MOV64_REG(dst, addr));
	cg_strcpy(cg, dst, 0, v, size);
	return addr;
}

/* a struct or union member or element assigned whole (cg_sou.c) */
static int store_sou(struct cg *cg, struct node *n)
{
	uint32_t size = n->lhs->type->size;
	int src = cg_expr(cg, n->rhs);
	bool raw = false;
	int addr = lvalue_addr(cg, n->lhs, &raw, true);

	if (raw)
		addr = cg_scratch_dest(cg, addr, size);
	cg_sou_copy(cg, addr, size, src);
	return addr;
}

int cg_store_assign(struct cg *cg, struct node *n)
{
	struct node *l = n->lhs;

	if (type_is_sou(l->type) || type_is_ldouble(l->type))
		return store_sou(cg, n);
	if (l->type->kind == DT_ARRAY || type_is_string(l->type))
		return store_chars(cg, n);
	uint32_t size;
	int v, addr;

	if (n->op != TK_ASSIGN) {
		/* x op= e reads x before it evaluates e, as DTrace does */
		addr = target_addr(cg, l, &size);
		int old = load_at(cg, l, addr, size);

		v = cg_expr_to(cg, n->rhs, l->type);
		cg_arith(cg, n->op, old, v, l->type);
		v = old;
	} else {
		v = cg_expr_to(cg, n->rhs, l->type);
		addr = target_addr(cg, l, &size);
	}
	store_at(cg, l, addr, v, size);
	ra_free(cg, addr);
	return v;
}

int cg_store_incdec(struct cg *cg, struct node *n)
{
	struct node *l = n->lhs;
	uint32_t size;
	int addr = target_addr(cg, l, &size);
	int v = load_at(cg, l, addr, size), res = ra_alloc(cg);
	bool post = n->kind == NK_POSTINC || n->kind == NK_POSTDEC;

	if (post)
		emit(cg->e, I_MOV64_REG(res, v));
	/* a pointer moves by its pointee's size (sema_incdec_type) */
	emit(cg->e, I_ALU64_IMM(n->op == TK_INC ? BPF_ADD : BPF_SUB, v,
				n->ival ? (int32_t)n->ival : 1));
	store_at(cg, l, addr, v, size);
	if (!post)
		emit(cg->e, I_MOV64_REG(res, v));
	ra_free(cg, v);
	ra_free(cg, addr);
	return res;
}

/*
 * x = y of a struct or union global x: y's value is its address (in
 * the globals map or anywhere in the kernel: `x = *p`), so its bytes are
 * copied with bpf_probe_read_kernel, a bad address faulting.  The value
 * is x's address.
 */
int cg_store_sou(struct cg *cg, struct node *n)
{
	const struct dsym *y = n->lhs->sym;
	int src = cg_expr(cg, n->rhs), dst = ra_alloc(cg);

	emit_ld_map_value(cg->e, dst, DMAP_GLOBALS, y->offset);
	cg_sou_copy(cg, dst, y->type->size, src);
	return dst;
}

/*
 * Semantic analysis of expressions about memory: member access (. and
 * ->), unary * and &, indexing of arrays and pointers, pointer
 * arithmetic, sizeof, offsetof, stringof, kernel symbols (`name), and
 * the places where D treats char arrays as strings.
 *
 * Conventions for code generation: the value of an expression of
 * struct, union or array type is the address of the object; a[i] is
 * rewritten *(a + i), and p + i scales i by the pointed-to size, so that
 * only * and member access read memory.  A member access node keeps the
 * member's bit offset in ival and its bit-field width (0 if none) in
 * slen; an NK_SYMBOL keeps the symbol's address in ival.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "btf.h"
#include "lex.h"
#include "sema_impl.h"

static struct node *new_node(struct sema *s, enum node_kind k, struct node *at)
{
	return node_new(s->a, k, at->loc);
}

/* Is n an object in memory (one & may be applied to)? */
static bool is_object(const struct node *n)
{
	switch (n->kind) {
	case NK_PTRMEMBER: case NK_SYMBOL:
		return true;
	case NK_UNARY:
		return n->op == TK_STAR;
	case NK_MEMBER:
		return is_object(n->lhs) || (n->lhs->kind == NK_IDENT &&
					     n->lhs->sym);
	default:
		return false;
	}
}

int sema_member(struct sema *s, struct node *n)
{
	const char *op = n->kind == NK_PTRMEMBER ? "->" : ".";

	if (sema_expr(s, n->lhs) < 0)
		return -1;
	int rc;

	if (sema_xlate_member(s, n, &rc))	/* xlate<T>(x).m: xlate.c */
		return rc;
	if (sema_inline_member(s, n, &rc))	/* fds[i].m */
		return rc;
	const struct dtype *t = n->lhs->type;

	if (n->kind == NK_PTRMEMBER) {
		if (t->kind != DT_PTR) {
			diag_error(s->diag, n->loc, D_OP_PTR,
				   "operator -> must be applied to a pointer");
			return -1;
		}
		t = t->base;
	}
	if (type_is_sou(t) && t->incomplete) {
		diag_error(s->diag, n->loc, D_OP_INCOMPLETE,
			   "operator %s cannot be applied to a forward declaration: no %s definition is available",
			   op, type_name(s->a, t));
		return -1;
	}
	if (!type_is_sou(t)) {
		if (n->kind == NK_PTRMEMBER)
			diag_error(s->diag, n->loc, D_OP_SOU,
				   "operator -> cannot be applied to pointer to type \"%s\"; must be applied to a struct or union pointer",
				   type_name(s->a, t));
		else
			diag_error(s->diag, n->loc, D_OP_SOU,
				   "operator . cannot be applied to type \"%s\"; must be applied to a struct or union",
				   type_name(s->a, t));
		return -1;
	}
	const struct dmember *m = type_member(s->types, s->a, t, n->name);

	if (!m) {
		diag_error(s->diag, n->loc, D_TYPE_MEMBER,
			   "%s is not a member of %s", n->name,
			   type_name(s->a, t));
		return -1;
	}
	n->ival = m->bit_off;
	n->slen = m->bits;
	n->type = m->type;
	return 0;
}

static int deref(struct sema *s, struct node *n)
{
	const struct dtype *t = n->lhs->type;

	if (t->kind != DT_PTR && t->kind != DT_ARRAY) {
		diag_error(s->diag, n->loc, D_DEREF_NONPTR,
			   "cannot dereference non-pointer type");
		return -1;
	}
	if (t->base->kind == DT_VOID) {
		diag_error(s->diag, n->loc, D_DEREF_VOID,
			   "cannot dereference pointer to void");
		return -1;
	}
	if (t->base->kind == DT_FUNC) {
		diag_error(s->diag, n->loc, D_DEREF_FUNC,
			   "cannot dereference pointer to function");
		return -1;
	}
	if (type_is_sou(t->base) && t->base->incomplete) {
		diag_error(s->diag, n->loc, D_DECL_INCOMPLETE,
			   "cannot dereference a pointer to incomplete type %s",
			   type_name(s->a, t->base));
		return -1;
	}
	n->type = t->base;
	return 0;
}

static int addrof(struct sema *s, struct node *n)
{
	struct node *c = n->lhs;

	if (c->kind == NK_IDENT || c->kind == NK_SELF || c->kind == NK_THIS ||
	    c->kind == NK_AGG || c->kind == NK_INDEX) {
		diag_error(s->diag, n->loc, D_ADDROF_VAR,
			   "cannot take address of dynamic variable");
		return -1;
	}
	if (!is_object(c)) {
		diag_error(s->diag, n->loc, D_ADDROF_LVAL,
			   "unacceptable operand for unary & operator");
		return -1;
	}
	if ((c->kind == NK_MEMBER || c->kind == NK_PTRMEMBER) && c->slen) {
		diag_error(s->diag, n->loc, D_ADDROF_BITFIELD,
			   "cannot take address of bit-field");
		return -1;
	}
	n->type = type_pointer(s->a, c->type);
	return 0;
}

int sema_ptr_unary(struct sema *s, struct node *n)
{
	if (n->op != TK_STAR && n->lhs->kind == NK_AGG) {
		/* before the aggregation is checked as a value */
		diag_error(s->diag, n->loc, D_ADDROF_VAR,
			   "cannot take address of dynamic variable");
		return -1;
	}
	if (n->op != TK_STAR && n->lhs->kind == NK_INDEX)
		n->lhs->aux = 1;	/* &a[N] may point one past the end */
	if (n->op != TK_STAR)
		return sema_expr(s, n->lhs) < 0 ? -1 : addrof(s, n);
	if (sema_expr(s, n->lhs) < 0)
		return -1;
	return deref(s, n);
}

/* Is this NK_INDEX an array or pointer subscript (not an associative
 * array or aggregation, which sema_var.c checks)? */
bool sema_is_array_index(struct sema *s, struct node *n)
{
	struct node *l = n->lhs;

	if (l->kind == NK_AGG)
		return false;
	if (sema_is_string_index(s, n))	/* sema_strindex.c */
		return true;
	if (l->kind != NK_IDENT) {
		/* self->a[i], this->p[i] ... are ours once typed */
		if (l->kind == NK_SELF || l->kind == NK_THIS)
			return sema_var_is_ptr_index(s, n);	/* sema_var.c */
		return true;
	}
	if (strcmp(l->name, "curthread") == 0)
		return true;
	struct dsym *y = sema_lookup(s, SYM_GLOBAL, l->name);

	return y && (y->type->kind == DT_ARRAY || y->type->kind == DT_PTR);
}

int sema_array_index(struct sema *s, struct node *n)
{
	struct node *idx = n->args;

	if (idx && idx->next) {
		if (n->lhs->kind == NK_IDENT) {
			diag_error(s->diag, n->loc, D_ARR_BADREF,
				   "cannot access scalar %s as an associative array",
				   n->lhs->name);
			return -1;
		}
		diag_error(s->diag, n->loc, D_OP_INCOMPAT,
			   "an array or pointer takes exactly one subscript");
		return -1;
	}
	if (sema_expr(s, n->lhs) < 0 || sema_expr(s, idx) < 0)
		return -1;
	const struct dtype *t = n->lhs->type;

	if (type_is_string(t))	/* D's string is a char array */
		t = sema_string_as_chars(s, n);	/* sema_strindex.c */
	if (t->kind != DT_ARRAY && t->kind != DT_PTR) {
		diag_error(s->diag, n->loc, D_OP_INCOMPAT,
			   "operator [ ] cannot be applied to type \"%s\"",
			   type_name(s->a, t));
		return -1;
	}
	if (!type_is_int(idx->type)) {
		diag_error(s->diag, idx->loc, D_OP_INCOMPAT,
			   "array subscript must be of integral type, not \"%s\"",
			   type_name(s->a, idx->type));
		return -1;
	}
	/* (a flexible array member, nelems 0, has no bound to check;
	 * &a[N] is the address just past the end, as in C; an array held
	 * in a dynamic variable is checked at run time, as in DTrace) */
	if (t->kind == DT_ARRAY && idx->kind == NK_INT && t->nelems &&
	    !sema_is_dvar(n->lhs) &&
	    idx->ival >= t->nelems + (n->aux == 1)) {
		diag_error(s->diag, idx->loc, D_ARR_BOUNDS,
			   "index outside array bounds: %llu, max is %u",
			   (unsigned long long)idx->ival, t->nelems);
		return -1;
	}
	/* E1[E2] is *(E1 + E2) */
	struct node *add = new_node(s, NK_BINARY, n);

	add->op = TK_PLUS;
	add->lhs = n->lhs;
	add->rhs = idx;
	n->kind = NK_UNARY;
	n->op = TK_STAR;
	n->lhs = add;
	n->args = NULL;
	if (sema_ptr_arith(s, add) < 0)
		return -1;
	sema_alloca_taint(add);		/* &p[i] is alloca memory as p is */
	return deref(s, n);
}

/* i * scale, typed long, replacing *slot */
static void scale(struct sema *s, struct node **slot, uint32_t by)
{
	if (by == 1)
		return;
	struct node *c = new_node(s, NK_INT, *slot), *mul = new_node(s, NK_BINARY, *slot);

	c->ival = by;
	c->type = &s->types->t_long;
	mul->op = TK_STAR;
	mul->lhs = *slot;
	mul->rhs = c;
	mul->type = &s->types->t_long;
	*slot = mul;
}

static bool ptrish(const struct dtype *t)
{
	return t->kind == DT_PTR || t->kind == DT_ARRAY;
}

static const struct dtype *decay(struct sema *s, const struct dtype *t)
{
	return t->kind == DT_ARRAY ? type_pointer(s->a, t->base) : t;
}

/* p + i, i + p, p - i, p - q (both operands already checked) */
int sema_ptr_arith(struct sema *s, struct node *n)
{
	if (!n->lhs->type && sema_expr(s, n->lhs) < 0)
		return -1;
	if (!n->rhs->type && sema_expr(s, n->rhs) < 0)
		return -1;
	const struct dtype *l = n->lhs->type, *r = n->rhs->type;

	if (sema_arr_vfptr(l) || sema_arr_vfptr(r))
		goto incompat;	/* void * and function pointers: sema_arr.c */
	/* a string and an integer: the string that many bytes on (or
	 * back), as D treats a string as a pointer to its characters */
	if (type_is_string(l) && type_is_int(r)) {
		n->type = l;
		return 0;
	}
	if (n->op == TK_PLUS && type_is_int(l) && type_is_string(r)) {
		n->type = r;
		return 0;
	}
	if (ptrish(l) && type_is_int(r)) {
		n->type = decay(s, l);
		scale(s, &n->rhs, type_ptr_scale(n->type));
		return 0;
	}
	if (n->op == TK_PLUS && type_is_int(l) && ptrish(r)) {
		n->type = decay(s, r);
		scale(s, &n->lhs, type_ptr_scale(n->type));
		return 0;
	}
	if (n->op == TK_MINUS && ptrish(l) && ptrish(r) &&
	    type_same(decay(s, l)->base, decay(s, r)->base)) {
		/* (p - q) / size, a ptrdiff_t */
		uint32_t by = type_ptr_scale(decay(s, l));
		struct node *sub = new_node(s, NK_BINARY, n), *c;

		*sub = *n;
		sub->type = &s->types->t_long;
		n->type = &s->types->t_long;
		if (by == 1) {
			*n = *sub;
			return 0;
		}
		c = new_node(s, NK_INT, n);
		c->ival = by;
		c->type = &s->types->t_long;
		n->op = TK_SLASH;
		n->lhs = sub;
		n->rhs = c;
		return 0;
	}
incompat:
	diag_error(s->diag, n->loc, D_OP_INCOMPAT,
		   "operands have incompatible types: \"%s\" %s \"%s\"",
		   type_name(s->a, l), tok_kind_str(n->op), type_name(s->a, r));
	return -1;
}

static int to_size(struct sema *s, struct node *n, uint64_t v)
{
	n->kind = NK_INT;
	n->ival = v;
	n->int_suffix = INT_SUF_U | INT_SUF_L;
	n->is_char = false;
	n->type = type_typedef(s->types, "size_t");
	return 0;
}

int sema_sizeof(struct sema *s, struct node *n)
{
	const struct dtype *t;

	if (n->kind == NK_SIZEOF_TYPE) {
		if (!(t = sema_type(s, n->tn)))
			return -1;
	} else if (n->lhs->kind == NK_SYMBOL && n->lhs->module &&
		   (t = dbtf_lookup(s->types, s->a, n->lhs->module, DT_VOID,
				    n->lhs->name))) {
		/* sizeof (mod`name): a scoped name is a type first, as in
		 * DTrace's lexer; the parser cannot tell it from a symbol */
	} else {
		if (sema_expr(s, n->lhs) < 0)
			return -1;
		if ((n->lhs->kind == NK_MEMBER || n->lhs->kind == NK_PTRMEMBER) &&
		    n->lhs->slen) {
			diag_error(s->diag, n->loc, D_SIZEOF_BITFIELD,
				   "cannot apply sizeof to a bit-field");
			return -1;
		}
		t = n->lhs->type;
		/* a string constant's size is its length plus one, as in C
		 * and DTrace's dt_node_type_size() */
		if (n->lhs->kind == NK_STRING && n->lhs->sval)
			return to_size(s, n, strlen(n->lhs->sval) + 1);
	}
	if (t->size == 0 || t->kind == DT_VOID || t->kind == DT_FUNC ||
	    (type_is_sou(t) && t->incomplete)) {
		diag_error(s->diag, n->loc, D_SIZEOF_TYPE,
			   "cannot apply sizeof to an operand of unknown size");
		return -1;
	}
	/* string is char[strsize]; its values take one byte more, for
	 * the NUL after strsize characters (options.h dopts_strbytes) */
	if (type_is_string(t))
		return to_size(s, n, t->size - 1);
	return to_size(s, n, t->size);
}

int sema_offsetof(struct sema *s, struct node *n)
{
	const struct dtype *t = sema_type(s, n->tn);

	if (!t)
		return -1;
	/* an incomplete struct is a forward declaration to DTrace: no
	 * struct either */
	if (!type_is_sou(t) || t->incomplete) {
		diag_error(s->diag, n->loc, D_OFFSETOF_TYPE,
			   "offsetof operand must be a struct or union type");
		return -1;
	}
	const struct dmember *m = type_member(s->types, s->a, t, n->name);

	if (!m) {
		/* DTrace's wording: libctf's error for a missing member */
		diag_error(s->diag, n->loc, D_UNKNOWN,
			   "failed to determine offset of %s: Invalid member name",
			   n->name);
		return -1;
	}
	if (m->bits) {
		diag_error(s->diag, n->loc, D_OFFSETOF_BITFIELD,
			   "cannot take offset of a bit-field: %s", n->name);
		return -1;
	}
	return to_size(s, n, m->bit_off / 8);
}

int sema_stringof(struct sema *s, struct node *n)
{
	if (sema_is_action_call(n->lhs)) {	/* void, as in DTrace */
		diag_error(s->diag, n->loc, D_STRINGOF_TYPE,
			   "cannot apply stringof to a value of type void");
		return -1;
	}
	if (sema_expr(s, n->lhs) < 0)
		return -1;
	/*
	 * stringof(`sym) of a symbol without type information (sema_symbol)
	 * reads the pointer it holds, as stringof((char *)`sym) does: the
	 * string a char pointer addresses is what DTrace, knowing the type,
	 * gives (stringof(`saved_command_line)); an int's half of the
	 * pointer addresses nothing.
	 */
	if (n->lhs->kind == NK_SYMBOL && n->lhs->untyped) {
		n->lhs->type = &s->types->t_voidp;
		n->lhs->untyped = false;
	}
	const struct dtype *t = n->lhs->type;

	if (!type_is_scalar(t) && !type_is_string(t) && !type_is_char_seq(t)) {
		diag_error(s->diag, n->loc, D_STRINGOF_TYPE,
			   "cannot apply stringof to a value of type %s",
			   type_name(s->a, t));
		return -1;
	}
	n->type = &s->types->t_string;
	return 0;
}

/* The address of kernel symbol name (in module mod, if given), and in
 * *holder the module that defines it ("vmlinux" for the kernel's own). */
static bool ksym_addr(const char *mod, const char *name, uint64_t *addr,
		      const char **holder, struct arena *ar)
{
	FILE *f = fopen("/proc/kallsyms", "r");
	char line[512], sym[256], m[128];
	unsigned long long a;
	char type;
	bool found = false;

	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f)) {
		m[0] = '\0';
		if (sscanf(line, "%llx %c %255s [%127[^]]]", &a, &type, sym, m) < 3)
			continue;
		if (strcmp(sym, name) != 0)
			continue;
		if (mod && strcmp(mod, m[0] ? m : "vmlinux") != 0)
			continue;
		*addr = a;
		*holder = arena_strdup(ar, m[0] ? m : "vmlinux");
		found = a != 0;
	}
	fclose(f);
	return found;
}

int sema_symbol(struct sema *s, struct node *n)
{
	uint64_t addr;

	if (!ksym_addr(n->module, n->name, &addr, &n->sval, s->a)) {
		diag_error(s->diag, n->loc, D_IDENT_UNDEF,
			   "failed to resolve %s`%s: Unknown symbol name",
			   n->module ? n->module : "", n->name);
		return -1;
	}
	const struct dtype *t = dbtf_var(s->types, s->a, n->module, n->name);

	n->ival = addr;
	/* a symbol without type information is an int, as in DTrace,
	 * unless a cast names its type (sema_untyped_cast) */
	n->untyped = !t;
	n->type = t ? t : &s->types->t_int;
	return 0;
}

/*
 * (T)`sym of a data symbol without type information (on Linux, every
 * variable but the per-CPU ones: BTF describes no other) reads the
 * symbol as a T, as gdb reads a symbol without debug information that
 * is cast: `(struct pid *)`cad_pid` is the pointer cad_pid holds, all
 * of it, not an int's half of it converted.  Where T is the variable's
 * declared type this is what DTrace gives with the kernel's CTF.  T
 * must be a scalar (an integer or a pointer); n is the cast, made the
 * symbol.  True if it was one.
 */
bool sema_untyped_cast(struct sema *s, struct node *n, const struct dtype *to)
{
	struct node *sym = n->lhs;

	if (sym->kind != NK_SYMBOL || !sym->untyped || !type_is_scalar(to))
		return false;
	struct srcloc loc = n->loc;
	struct node *next = n->next;

	*n = *sym;
	n->loc = loc;
	n->next = next;
	n->type = to;
	n->untyped = false;
	return true;
}

/* Make n (already checked) the string its char array holds. */
static void as_string(struct sema *s, struct node *n)
{
	struct node *copy = arena_memdup(s->a, n, sizeof(*n));

	copy->next = NULL;
	n->kind = NK_STRINGOF;
	n->op = TK_KW_STRINGOF;
	n->lhs = copy;
	n->rhs = n->args = NULL;
	n->type = &s->types->t_string;
}

void sema_as_string(struct sema *s, struct node *n)
{
	as_string(s, n);
}

void sema_strcompat(struct sema *s, struct node *a, struct node *b)
{
	if (type_is_string(a->type) && type_is_char_seq(b->type))
		as_string(s, b);
	else if (type_is_string(b->type) && type_is_char_seq(a->type))
		as_string(s, a);
}

/*
 * A string assigned to a char pointer (DTrace's dt_node_is_argcompat
 * takes both as strings): the pointer is the address of its bytes, NULL
 * being 0.  Returns the type the value now has.
 */
const struct dtype *sema_string_as_charp(struct sema *s, struct node *n,
					 const struct dtype *to)
{
	if (!type_is_string(n->type) || to->kind != DT_PTR || !to->base ||
	    !type_is_char(to->base))
		return n->type;
	struct node *copy = arena_memdup(s->a, n, sizeof(*n));

	copy->next = NULL;
	n->kind = NK_CAST;
	n->lhs = copy;
	n->rhs = n->args = NULL;
	n->tn = NULL;
	n->type = to;
	return to;
}

int sema_record_arg(struct sema *s, struct node *a, const char *func)
{
	const struct dtype *t = a->type;

	if (t->kind == DT_ARRAY && type_is_char(t->base)) {
		as_string(s, a);
		return 0;
	}
	if (type_is_sou(t) || t->kind == DT_ARRAY || t->kind == DT_FUNC)
		return sema_unsupported(s, a, arena_printf(s->a,
			"%s( ) of a value of type %s", func, type_name(s->a, t)));
	return 0;
}

/*
 * Semantic analysis of stacks and symbols: stack(), ustack() (as
 * actions, trace() and printf() arguments and aggregation keys) and the
 * symbolic subroutines sym(), func(), mod(), usym(), ufunc(), umod() and
 * uaddr().  Their values are addresses (integers in registers); their
 * types say how the code generator records them (enum symval) and so
 * how the consumer prints them.  Frame counts are checked here with
 * DTrace's messages and tags.
 */
#include <string.h>

#include "sema_impl.h"

/*
 * The types, told apart by identity: stack values carry their frame
 * count in nelems (a copy per call, see sema_stack_call), so their names
 * are distinct objects with the same text.
 */
static const char nm_stack[] = "stack", nm_ustack[] = "stack";
static const char nm_jstack[] = "stack";
static const struct dtype t_stack = { .kind = DT_INT, .size = 8,
				      .name = nm_stack };
static const struct dtype t_ustack = { .kind = DT_INT, .size = 8,
				       .name = nm_ustack };
/* jstack(): ustack() with jstackframes frames by default (Linux has no
 * helper that names the frames of a virtual machine) */
static const struct dtype t_jstack = { .kind = DT_INT, .size = 8,
				       .name = nm_jstack };
/* DTrace's _symaddr and _usymaddr: addresses printed as symbols */
static const struct dtype t_sym = { .kind = DT_INT, .size = 8,
				    .name = "_symaddr" };
static const struct dtype t_mod = { .kind = DT_INT, .size = 8,
				    .name = "_symaddr" };
static const struct dtype t_usym = { .kind = DT_INT, .size = 8,
				     .name = "_usymaddr" };
static const struct dtype t_umod = { .kind = DT_INT, .size = 8,
				     .name = "_usymaddr" };
static const struct dtype t_uaddr = { .kind = DT_INT, .size = 8,
				      .name = "_usymaddr" };

static const struct {
	const char *name;
	const struct dtype *type;
	int min, max;		/* arguments */
} symfuncs[] = {
	{ "stack", &t_stack, 0, 1 },	{ "ustack", &t_ustack, 0, 2 },
	{ "jstack", &t_jstack, 0, 2 },
	{ "sym", &t_sym, 1, 1 },	{ "func", &t_sym, 1, 1 },
	{ "mod", &t_mod, 1, 1 },	{ "usym", &t_usym, 1, 1 },
	{ "ufunc", &t_usym, 1, 1 },	{ "umod", &t_umod, 1, 1 },
	{ "uaddr", &t_uaddr, 1, 1 },
};

enum symval sema_symval(const struct dtype *t)
{
	if (t->name == nm_stack)
		return SV_STACK;
	if (t->name == nm_ustack || t->name == nm_jstack)
		return SV_USTACK;
	if (t == &t_sym)
		return SV_SYM;
	if (t == &t_mod)
		return SV_MOD;
	if (t == &t_usym)
		return SV_USYM;
	if (t == &t_umod)
		return SV_UMOD;
	if (t == &t_uaddr)
		return SV_UADDR;
	return SV_NONE;
}

bool sema_is_jstack(const struct dtype *t)
{
	return t->name == nm_jstack;
}

static bool is_posconst(const struct node *n)
{
	return n->kind == NK_INT && n->ival > 0 &&
	       (!n->type->is_signed || (int64_t)n->ival > 0) &&
	       n->ival <= UINT32_MAX;
}

/* stack(n), ustack(n, strsize): constant counts, as DTrace wants */
static int check_frames(struct sema *s, struct node *n)
{
	struct node *a0 = n->args, *a1 = a0 ? a0->next : NULL;
	bool user = strcmp(n->name, "stack") != 0;

	if (a0 && !is_posconst(a0)) {
		if (user)
			diag_error(s->diag, a0->loc, D_USTACK_FRAMES,
				   "ustack( ) argument #1 must be a non-zero positive integer constant");
		else
			diag_error(s->diag, a0->loc, D_STACK_SIZE,
				   "stack( ) argument #1 must be a non-zero positive integer constant");
		return -1;
	}
	if (a1 && (a1->kind != NK_INT ||
		   (a1->type->is_signed && (int64_t)a1->ival < 0))) {
		diag_error(s->diag, a1->loc, D_USTACK_STRSIZE,
			   "ustack( ) argument #2 must be a positive integer constant");
		return -1;
	}
	return 0;
}

/*
 * stack() and ustack() take their arguments as "(...)": too many is
 * their own tag (D_STACK_PROTO, D_USTACK_PROTO), not D_PROTO_LEN.
 */
static int stack_proto(struct sema *s, const struct node *n, int min, int max)
{
	const struct node *a = n->args;
	bool user = strcmp(n->name, "stack") != 0;
	int k;

	if (min != 0)
		return 0;
	for (k = 0; a && k < max; k++)
		a = a->next;
	if (!a)
		return 0;
	diag_error(s->diag, a->loc, user ? D_USTACK_PROTO : D_STACK_PROTO,
		   "%s( ) prototype mismatch: too many arguments", n->name);
	return -1;
}

bool sema_stack_call(struct sema *s, struct node *n, int *rc)
{
	size_t i, nf = sizeof(symfuncs) / sizeof(symfuncs[0]);

	for (i = 0; i < nf; i++)
		if (strcmp(symfuncs[i].name, n->name) == 0)
			break;
	if (i == nf)
		return false;
	*rc = -1;
	if (sema_args(s, n) < 0 || stack_proto(s, n, symfuncs[i].min,
					       symfuncs[i].max) < 0 ||
	    sema_proto_len(s, n, symfuncs[i].min, symfuncs[i].max) < 0)
		return true;
	if (symfuncs[i].min == 0) {
		if (check_frames(s, n) < 0)
			return true;
	} else if (!type_is_int(n->args->type) &&
		   n->args->type->kind != DT_PTR) {
		diag_error(s->diag, n->args->loc, D_PROTO_ARG,
			   "%s( ) argument #1 is incompatible with prototype:\n\tprototype: uintptr_t\n\t argument: %s",
			   n->name, type_name(s->a, n->args->type));
		return true;
	}
	n->type = symfuncs[i].type;
	if (symfuncs[i].min == 0) {
		struct dtype *t = arena_alloc(s->a, sizeof(*t));

		*t = *symfuncs[i].type;
		t->nelems = n->args ? (uint32_t)n->args->ival : 0;
		n->type = t;
	}
	*rc = 0;
	return true;
}

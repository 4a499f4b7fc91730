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
	bool frames;		/* its arguments count frames (stacks) */
} symfuncs[] = {
	{ "stack", &t_stack, true },	{ "ustack", &t_ustack, true },
	{ "jstack", &t_jstack, true },
	{ "sym", &t_sym, false },	{ "func", &t_sym, false },
	{ "mod", &t_mod, false },	{ "usym", &t_usym, false },
	{ "ufunc", &t_usym, false },	{ "umod", &t_umod, false },
	{ "uaddr", &t_uaddr, false },
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

bool sema_stack_call(struct sema *s, struct node *n, int *rc)
{
	size_t i, nf = sizeof(symfuncs) / sizeof(symfuncs[0]);

	for (i = 0; i < nf; i++)
		if (strcmp(symfuncs[i].name, n->name) == 0)
			break;
	if (i == nf)
		return false;
	*rc = -1;
	if (sema_args(s, n) < 0 ||
	    (symfuncs[i].frames && check_frames(s, n) < 0))
		return true;
	n->type = symfuncs[i].type;
	if (symfuncs[i].frames) {
		struct dtype *t = arena_alloc(s->a, sizeof(*t));

		*t = *symfuncs[i].type;
		t->nelems = n->args ? (uint32_t)n->args->ival : 0;
		n->type = t;
	}
	*rc = 0;
	return true;
}

/*
 * Semantic analysis of subroutine calls: DTrace's prototypes for the
 * subroutines Linux can back (strings, user memory, network byte order
 * and addresses, rand, progenyof, getmajor/getminor, the mutex_*
 * subroutines on Linux's struct mutex), their argument
 * counts (D_PROTO_LEN) and argument types (D_PROTO_ARG, with DTrace's
 * "incompatible with prototype" message), and the type of each result.
 * Subroutines that only make sense on a Solaris kernel (rw_read_held ...)
 * get a clear "not supported on Linux" error.  The call's subroutine id
 * goes in node.builtin for the code generator (codegen/cg_subr*.c).
 */
#include <string.h>

#include "sema_impl.h"
#include "subr.h"

/* what a parameter accepts */
enum subr_param {
	SP_STR,		/* string */
	SP_STR0,	/* string, or 0 (NULL): strtok's first */
	SP_INT,		/* any integer */
	SP_PTR,		/* a pointer (a string is one: DTrace types it as an
			 * array of char, dt_node_is_ptrcompat) */
};

/* result types */
enum subr_ret {
	SR_STRING, SR_INT, SR_SIZE, SR_I64, SR_U16, SR_U32, SR_U64, SR_VOIDP,
	SR_VOID,
	SR_TASKP,	/* struct task_struct *, from the kernel's BTF */
};

/* DTrace's prototype of each (sema_proto.c) checks the arguments;
 * params say how a subroutine reads them */
struct subr_proto {
	const char *name;
	enum subr_id id;
	enum subr_ret ret;
	enum subr_param params[3];
};

static const struct subr_proto protos[] = {
	{ "strlen", SUBR_STRLEN, SR_SIZE, { SP_STR } },
	{ "strjoin", SUBR_STRJOIN, SR_STRING, { SP_STR, SP_STR } },
	{ "substr", SUBR_SUBSTR, SR_STRING, { SP_STR, SP_INT, SP_INT } },
	{ "index", SUBR_INDEX, SR_INT, { SP_STR, SP_STR, SP_INT } },
	{ "rindex", SUBR_RINDEX, SR_INT, { SP_STR, SP_STR, SP_INT } },
	{ "strchr", SUBR_STRCHR, SR_STRING, { SP_STR, SP_INT } },
	{ "strrchr", SUBR_STRRCHR, SR_STRING, { SP_STR, SP_INT } },
	{ "strstr", SUBR_STRSTR, SR_STRING, { SP_STR, SP_STR } },
	{ "strtok", SUBR_STRTOK, SR_STRING, { SP_STR0, SP_STR } },
	{ "basename", SUBR_BASENAME, SR_STRING, { SP_STR } },
	{ "dirname", SUBR_DIRNAME, SR_STRING, { SP_STR } },
	{ "cleanpath", SUBR_CLEANPATH, SR_STRING, { SP_STR } },
	{ "lltostr", SUBR_LLTOSTR, SR_STRING, { SP_INT, SP_INT } },
	{ "toupper", SUBR_TOUPPER, SR_STRING, { SP_STR } },
	{ "tolower", SUBR_TOLOWER, SR_STRING, { SP_STR } },
	{ "strtoll", SUBR_STRTOLL, SR_I64, { SP_STR, SP_INT } },
	{ "copyin", SUBR_COPYIN, SR_VOIDP, { SP_INT, SP_INT } },
	{ "copyinstr", SUBR_COPYINSTR, SR_STRING, { SP_INT, SP_INT } },
	{ "copyinto", SUBR_COPYINTO, SR_VOID, { SP_INT, SP_INT, SP_PTR } },
	{ "alloca", SUBR_ALLOCA, SR_VOIDP, { SP_INT } },
	{ "bcopy", SUBR_BCOPY, SR_VOID, { SP_PTR, SP_PTR, SP_INT } },
	{ "inet_ntoa", SUBR_INET_NTOA, SR_STRING, { SP_PTR } },
	{ "inet_ntoa6", SUBR_INET_NTOA6, SR_STRING, { SP_PTR, SP_INT } },
	{ "inet_ntop", SUBR_INET_NTOP, SR_STRING, { SP_INT, SP_PTR } },
	{ "link_ntop", SUBR_LINK_NTOP, SR_STRING, { SP_INT, SP_PTR } },
	{ "htons", SUBR_HTONS, SR_U16, { SP_INT } },
	{ "htonl", SUBR_HTONL, SR_U32, { SP_INT } },
	{ "htonll", SUBR_HTONLL, SR_U64, { SP_INT } },
	{ "ntohs", SUBR_NTOHS, SR_U16, { SP_INT } },
	{ "ntohl", SUBR_NTOHL, SR_U32, { SP_INT } },
	{ "ntohll", SUBR_NTOHLL, SR_U64, { SP_INT } },
	{ "rand", SUBR_RAND, SR_INT, { SP_INT } },
	{ "progenyof", SUBR_PROGENYOF, SR_INT, { SP_INT } },
	{ "getmajor", SUBR_GETMAJOR, SR_U32, { SP_INT } },
	{ "getminor", SUBR_GETMINOR, SR_U32, { SP_INT } },
	{ "d_path", SUBR_D_PATH, SR_STRING, { SP_PTR } },
	{ "mutex_owned", SUBR_MUTEX_OWNED, SR_INT, { SP_PTR } },
	{ "mutex_owner", SUBR_MUTEX_OWNER, SR_TASKP, { SP_PTR } },
	{ "mutex_type_adaptive", SUBR_MUTEX_TYPE_ADAPTIVE, SR_INT, { SP_PTR } },
	{ "mutex_type_spin", SUBR_MUTEX_TYPE_SPIN, SR_INT, { SP_PTR } },
};

/* Solaris kernel subroutines with no Linux counterpart */
static const char *const solaris_only[] = {
	"rw_read_held", "rw_write_held", "rw_iswriter", "getf", "msgsize",
	"msgdsize",
};

static const struct subr_proto *proto_of(const char *name)
{
	for (size_t i = 0; i < sizeof(protos) / sizeof(protos[0]); i++)
		if (strcmp(protos[i].name, name) == 0)
			return &protos[i];
	return NULL;
}

static bool is_solaris_only(const char *name)
{
	for (size_t i = 0; i < sizeof(solaris_only) / sizeof(solaris_only[0]); i++)
		if (strcmp(solaris_only[i], name) == 0)
			return true;
	return false;
}

bool sema_is_subr(const char *name)
{
	return proto_of(name) || is_solaris_only(name);
}

static const struct dtype *ret_type(struct sema *s, enum subr_ret r)
{
	struct dtypes *t = s->types;

	switch (r) {
	case SR_STRING: return &t->t_string;
	case SR_INT: return &t->t_int;
	case SR_SIZE: return type_typedef(t, "size_t");
	case SR_I64: return &t->t_i64;
	case SR_U16: return type_typedef(t, "uint16_t");
	case SR_U32: return &t->t_u32;
	case SR_U64: return &t->t_u64;
	case SR_VOIDP: return &t->t_voidp;
	case SR_VOID: return &t->t_void;
	case SR_TASKP: break;	/* sema_subr_call() */
	}
	return &t->t_int;
}

/*
 * The arguments against DTrace's prototype, then read as p says: a
 * string parameter reads a string from a pointer or char array (as
 * DTrace's dt_node_is_strcompat() and its pointer compatibility let
 * one be passed), and NULL as "" where the subroutine would fault.
 */
static int check_args(struct sema *s, struct node *n, const struct subr_proto *p)
{
	int i = 0;

	if (sema_args(s, n) < 0)
		return -1;
	for (struct node *a = n->args; a; a = a->next, i++) {
		if (p->params[i] == SP_STR)
			sema_string_null(s, a);	/* strlen(NULL) faults */
		if ((p->params[i] == SP_STR || p->params[i] == SP_STR0) &&
		    (a->type->kind == DT_PTR || a->type->kind == DT_ARRAY))
			sema_as_string(s, a);
	}
	return 0;
}

/* the i-th argument (0-based) of call n, or NULL */
static struct node *nth_arg(const struct node *n, int i)
{
	struct node *a = n->args;

	while (a && i-- > 0)
		a = a->next;
	return a;
}

/* an integer constant, perhaps cast to the prototype's type */
static bool is_int_const(const struct node *a)
{
	while (a->kind == NK_CAST)
		a = a->lhs;
	return a->kind == NK_INT;
}

/*
 * What DTrace checks beyond the prototype: inet_ntoa6()'s strict picks
 * the code, so it must be known when compiling; bcopy() and copyinto()
 * write their destination, which a string is not (DTrace wants
 * alloca() memory there).
 */
static int check_special(struct sema *s, struct node *n,
			 const struct subr_proto *p)
{
	struct node *a = NULL;

	if (p->id == SUBR_INET_NTOA6 && (a = nth_arg(n, 1)) &&
	    !is_int_const(a)) {
		diag_error(s->diag, a->loc, D_PROTO_ARG,
			   "inet_ntoa6( ) argument #2 must be an integer constant");
		return -1;
	}
	if (p->id == SUBR_BCOPY)
		a = nth_arg(n, 1);
	else if (p->id == SUBR_COPYINTO)
		a = nth_arg(n, 2);
	else
		a = NULL;
	if (a && type_is_string(a->type)) {
		diag_error(s->diag, a->loc, D_PROTO_ARG,
			   "%s( ) argument #%d is incompatible with prototype:\n\tprototype: void *\n\t argument: string",
			   n->name, p->id == SUBR_BCOPY ? 2 : 3);
		return -1;
	}
	return 0;
}

/*
 * A size that is a constant expression (alloca(-1), copyin(a, 4 * 8))
 * becomes the constant, as DTrace's parser folds it: its limits are
 * then checked at compile time (D_ALLOCA_SIZE), as DTrace checks them.
 */
static void fold_size(struct sema *s, struct node *a)
{
	int64_t v;

	if (a && a->kind != NK_INT && sema_folded_const(s, a, &v)) {
		a->kind = NK_INT;
		a->ival = (uint64_t)v;
		a->lhs = a->rhs = NULL;
	}
}

int sema_subr_call(struct sema *s, struct node *n)
{
	const struct subr_proto *p = proto_of(n->name);

	if (!p) {
		if (sema_args(s, n) < 0)	/* DTrace checks first */
			return -1;
		diag_error(s->diag, n->loc, D_UNSUPPORTED,
			   "%s( ) is not supported on Linux: it inspects Solaris kernel objects",
			   n->name);
		return -1;
	}
	if (check_args(s, n, p) < 0 || check_special(s, n, p) < 0)
		return -1;
	if (p->id == SUBR_ALLOCA)
		fold_size(s, n->args);
	if (p->id == SUBR_COPYIN)
		fold_size(s, n->args->next);
	if (p->id == SUBR_BCOPY)	/* the destination: alloca()'d memory */
		sema_alloca_dest(s, "bcopy", 2, n->args->next);
	if (p->id == SUBR_COPYINTO)
		sema_alloca_dest(s, "copyinto", 3, n->args->next->next);
	n->builtin = (int)p->id;
	n->type = p->ret == SR_TASKP ? sema_curthread_type(s, n) :
				       ret_type(s, p->ret);
	return n->type ? 0 : -1;
}

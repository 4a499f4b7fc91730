/*
 * Semantic analysis of subroutine calls: DTrace's prototypes for the
 * subroutines Linux can back (strings, user memory, network byte order
 * and addresses, rand, progenyof, getmajor/getminor), their argument
 * counts (D_PROTO_LEN) and argument types (D_PROTO_ARG, with DTrace's
 * "incompatible with prototype" message), and the type of each result.
 * Subroutines that only make sense on a Solaris kernel (mutex_owned ...)
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
	SP_PTR,		/* a pointer, or an integer address; a string
			 * too where it is a void * (DTrace's
			 * dt_node_is_ptrcompat() takes any pointer there) */
	SP_DST,		/* memory written (bcopy, copyinto): a pointer or
			 * an address, never a string (DTrace wants an
			 * alloca() pointer there) */
};

/* result types */
enum subr_ret {
	SR_STRING, SR_INT, SR_SIZE, SR_I64, SR_U16, SR_U32, SR_U64, SR_VOIDP,
	SR_VOID,
};

struct subr_proto {
	const char *name;
	enum subr_id id;
	enum subr_ret ret;
	int min, max;
	enum subr_param params[3];
	const char *pnames[3];	/* as DTrace's prototypes show them */
};

static const struct subr_proto protos[] = {
	{ "strlen", SUBR_STRLEN, SR_SIZE, 1, 1, { SP_STR }, { "string" } },
	{ "strjoin", SUBR_STRJOIN, SR_STRING, 2, 2, { SP_STR, SP_STR },
	  { "string", "string" } },
	{ "substr", SUBR_SUBSTR, SR_STRING, 2, 3, { SP_STR, SP_INT, SP_INT },
	  { "string", "int", "int" } },
	{ "index", SUBR_INDEX, SR_INT, 2, 3, { SP_STR, SP_STR, SP_INT },
	  { "string", "string", "int" } },
	{ "rindex", SUBR_RINDEX, SR_INT, 2, 3, { SP_STR, SP_STR, SP_INT },
	  { "string", "string", "int" } },
	{ "strchr", SUBR_STRCHR, SR_STRING, 2, 2, { SP_STR, SP_INT },
	  { "string", "char" } },
	{ "strrchr", SUBR_STRRCHR, SR_STRING, 2, 2, { SP_STR, SP_INT },
	  { "string", "char" } },
	{ "strstr", SUBR_STRSTR, SR_STRING, 2, 2, { SP_STR, SP_STR },
	  { "string", "string" } },
	{ "strtok", SUBR_STRTOK, SR_STRING, 2, 2, { SP_STR0, SP_STR },
	  { "string", "string" } },
	{ "basename", SUBR_BASENAME, SR_STRING, 1, 1, { SP_STR }, { "string" } },
	{ "dirname", SUBR_DIRNAME, SR_STRING, 1, 1, { SP_STR }, { "string" } },
	{ "cleanpath", SUBR_CLEANPATH, SR_STRING, 1, 1, { SP_STR }, { "string" } },
	{ "lltostr", SUBR_LLTOSTR, SR_STRING, 1, 2, { SP_INT, SP_INT },
	  { "int64_t", "int" } },
	{ "toupper", SUBR_TOUPPER, SR_STRING, 1, 1, { SP_STR }, { "string" } },
	{ "tolower", SUBR_TOLOWER, SR_STRING, 1, 1, { SP_STR }, { "string" } },
	{ "strtoll", SUBR_STRTOLL, SR_I64, 1, 2, { SP_STR, SP_INT },
	  { "string", "int" } },
	{ "copyin", SUBR_COPYIN, SR_VOIDP, 2, 2, { SP_INT, SP_INT },
	  { "uintptr_t", "size_t" } },
	{ "copyinstr", SUBR_COPYINSTR, SR_STRING, 1, 2, { SP_INT, SP_INT },
	  { "uintptr_t", "size_t" } },
	{ "copyinto", SUBR_COPYINTO, SR_VOID, 3, 3, { SP_INT, SP_INT, SP_DST },
	  { "uintptr_t", "size_t", "void *" } },
	{ "alloca", SUBR_ALLOCA, SR_VOIDP, 1, 1, { SP_INT }, { "size_t" } },
	{ "bcopy", SUBR_BCOPY, SR_VOID, 3, 3, { SP_PTR, SP_DST, SP_INT },
	  { "void *", "void *", "size_t" } },
	{ "inet_ntoa", SUBR_INET_NTOA, SR_STRING, 1, 1, { SP_PTR },
	  { "ipaddr_t *" } },
	{ "inet_ntoa6", SUBR_INET_NTOA6, SR_STRING, 1, 2, { SP_PTR, SP_INT },
	  { "struct in6_addr *", "int" } },
	{ "inet_ntop", SUBR_INET_NTOP, SR_STRING, 2, 2, { SP_INT, SP_PTR },
	  { "int", "void *" } },
	{ "link_ntop", SUBR_LINK_NTOP, SR_STRING, 2, 2, { SP_INT, SP_PTR },
	  { "int", "void *" } },
	{ "htons", SUBR_HTONS, SR_U16, 1, 1, { SP_INT }, { "uint16_t" } },
	{ "htonl", SUBR_HTONL, SR_U32, 1, 1, { SP_INT }, { "uint32_t" } },
	{ "htonll", SUBR_HTONLL, SR_U64, 1, 1, { SP_INT }, { "uint64_t" } },
	{ "ntohs", SUBR_NTOHS, SR_U16, 1, 1, { SP_INT }, { "uint16_t" } },
	{ "ntohl", SUBR_NTOHL, SR_U32, 1, 1, { SP_INT }, { "uint32_t" } },
	{ "ntohll", SUBR_NTOHLL, SR_U64, 1, 1, { SP_INT }, { "uint64_t" } },
	{ "rand", SUBR_RAND, SR_INT, 0, 0, { SP_INT }, { "" } },
	{ "progenyof", SUBR_PROGENYOF, SR_INT, 1, 1, { SP_INT }, { "pid_t" } },
	{ "getmajor", SUBR_GETMAJOR, SR_U32, 1, 1, { SP_INT }, { "dev_t" } },
	{ "getminor", SUBR_GETMINOR, SR_U32, 1, 1, { SP_INT }, { "dev_t" } },
	{ "d_path", SUBR_D_PATH, SR_STRING, 1, 1, { SP_PTR }, { "struct path *" } },
};

/* Solaris kernel subroutines with no Linux counterpart */
static const char *const solaris_only[] = {
	"mutex_owned", "mutex_owner", "mutex_type_adaptive", "mutex_type_spin",
	"rw_read_held", "rw_write_held", "rw_iswriter", "getf", "msgsize",
	"msgdsize",
};

/*
 * Prototypes of subroutines bdtrace rejects (destructive copyout, Solaris
 * kernel objects): DTrace checks their arguments first, so a bad call is
 * a D_PROTO_LEN or D_PROTO_ARG error before it is an unsupported one.
 */
static const struct subr_proto rejected_protos[] = {
	{ "copyout", 0, SR_VOID, 3, 3, { SP_PTR, SP_INT, SP_INT },
	  { "void *", "uintptr_t", "size_t" } },
	{ "copyoutstr", 0, SR_VOID, 3, 3, { SP_STR, SP_INT, SP_INT },
	  { "string", "uintptr_t", "size_t" } },
	{ "mutex_owned", 0, SR_INT, 1, 1, { SP_PTR }, { "kmutex_t *" } },
	{ "mutex_owner", 0, SR_VOIDP, 1, 1, { SP_PTR }, { "kmutex_t *" } },
	{ "mutex_type_adaptive", 0, SR_INT, 1, 1, { SP_PTR }, { "kmutex_t *" } },
	{ "mutex_type_spin", 0, SR_INT, 1, 1, { SP_PTR }, { "kmutex_t *" } },
	{ "rw_read_held", 0, SR_INT, 1, 1, { SP_PTR }, { "krwlock_t *" } },
	{ "rw_write_held", 0, SR_INT, 1, 1, { SP_PTR }, { "krwlock_t *" } },
	{ "rw_iswriter", 0, SR_INT, 1, 1, { SP_PTR }, { "krwlock_t *" } },
};

static const struct subr_proto *find_proto(const struct subr_proto *tab,
					   size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(tab[i].name, name) == 0)
			return &tab[i];
	return NULL;
}

static const struct subr_proto *proto_of(const char *name)
{
	return find_proto(protos, sizeof(protos) / sizeof(protos[0]), name);
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

/* a constant 0, as NULL (an inline int 0, lib/dtrace/null.d) is */
static bool is_zero(const struct node *a)
{
	if (a->kind == NK_CAST && type_is_int(a->type))
		return is_zero(a->lhs);
	return a->kind == NK_INT && a->ival == 0;
}

static bool param_ok(enum subr_param p, const char *pname,
		     const struct node *a)
{
	const struct dtype *t = a->type;

	switch (p) {
	case SP_STR:
		return type_is_string(t);
	case SP_STR0:
		return type_is_string(t) || is_zero(a);
	case SP_INT:
		return type_is_int(t);
	case SP_PTR:	/* an array is its address, as in C */
	case SP_DST:
		if (type_is_string(t))
			return p == SP_PTR && strcmp(pname, "void *") == 0;
		return t->kind == DT_PTR || t->kind == DT_ARRAY ||
		       type_is_int(t);
	}
	return false;
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
	}
	return &t->t_int;
}

/* the argument count and types against p: 0, or -1 after an error */
static int check_args(struct sema *s, struct node *n, const struct subr_proto *p)
{
	int i = 0;

	if (sema_args(s, n) < 0 || sema_proto_len(s, n, p->min, p->max) < 0)
		return -1;
	for (struct node *a = n->args; a; a = a->next, i++) {
		if (p->params[i] == SP_STR)
			sema_string_null(s, a);	/* strlen(NULL) faults */
		if ((p->params[i] == SP_STR || p->params[i] == SP_STR0) &&
		    type_is_char_seq(a->type)) {
			/* a char array or pointer is a string argument, as
			 * DTrace's dt_node_is_strcompat() allows */
			struct node str = { .type = &s->types->t_string };

			sema_strcompat(s, &str, a);
		}
		if (param_ok(p->params[i], p->pnames[i], a))
			continue;
		diag_error(s->diag, a->loc, D_PROTO_ARG,
			   "%s( ) argument #%d is incompatible with prototype:\n\tprototype: %s\n\t argument: %s",
			   n->name, i + 1, p->pnames[i], type_name(s->a, a->type));
		return -1;
	}
	return 0;
}

int sema_subr_check_rejected(struct sema *s, struct node *n)
{
	const struct subr_proto *p = find_proto(rejected_protos,
		sizeof(rejected_protos) / sizeof(rejected_protos[0]), n->name);

	return p ? check_args(s, n, p) : 0;
}

int sema_subr_call(struct sema *s, struct node *n)
{
	const struct subr_proto *p = proto_of(n->name);

	if (!p) {
		if (sema_subr_check_rejected(s, n) < 0)
			return -1;
		diag_error(s->diag, n->loc, D_UNSUPPORTED,
			   "%s( ) is not supported on Linux: it inspects Solaris kernel objects",
			   n->name);
		return -1;
	}
	if (check_args(s, n, p) < 0)
		return -1;
	/* inet_ntoa6(addr, strict): strict picks the code, so it is known
	 * when compiling, as DTrace's dt_cg_subr_inet_ntoa6() wants */
	if (p->id == SUBR_INET_NTOA6 && n->args->next &&
	    n->args->next->kind != NK_INT) {
		diag_error(s->diag, n->args->next->loc, D_PROTO_ARG,
			   "inet_ntoa6( ) argument #2 must be an integer constant");
		return -1;
	}
	n->builtin = (int)p->id;
	n->type = ret_type(s, p->ret);
	return 0;
}

/*
 * DTrace's prototypes of its functions (actions, aggregating functions
 * and subroutines), and the check DTrace makes of every call against
 * its function's prototype as it types the call, before anything that
 * is particular to the function: the number of arguments (D_PROTO_LEN)
 * and then each argument against its parameter (D_PROTO_ARG), in
 * DTrace's words (libdtrace's dt_idcook_sign).
 *
 * A prototype is its parameter list as DTrace declares it: "@" takes
 * any value (an aggregation too), "[T]" is an optional parameter and
 * "..." any number more.  Parameters are spelled as DTrace's messages
 * show them ("char *" for its const char *).
 */
#include <stdio.h>
#include <string.h>

#include "sema_impl.h"

static const struct {
	const char *name;
	const char *params;
} protos[] = {
	/* actions */
	{ "breakpoint", "" }, { "chill", "int" }, { "clear", "@" },
	{ "commit", "int" }, { "denormalize", "@" }, { "discard", "int" },
	{ "exit", "int" }, { "freopen", "@, ..." }, { "ftruncate", "" },
	{ "func", "uintptr_t" }, { "jstack", "[uint32_t], [uint32_t]" },
	{ "mod", "uintptr_t" }, { "normalize", "@, uint64_t" },
	{ "panic", "" }, { "pcap", "void *, int" }, { "print", "@" }, { "printa", "@, ..." },
	{ "printf", "string, ..." }, { "raise", "int" },
	{ "setopt", "char *, [char *]" }, { "speculate", "int" },
	{ "stack", "[uint32_t]" }, { "stop", "" }, { "sym", "uintptr_t" },
	{ "system", "@, ..." }, { "trace", "@" },
	{ "tracemem", "@, size_t, [size_t]" }, { "trunc", "@, [int64_t]" },
	{ "uaddr", "uintptr_t" }, { "ufunc", "uintptr_t" },
	{ "umod", "uintptr_t" }, { "usym", "uintptr_t" },
	{ "ustack", "[uint32_t], [uint32_t]" },
	/* aggregating functions */
	{ "avg", "@" }, { "count", "" },
	{ "llquantize", "@, int32_t, int32_t, int32_t, int32_t, ..." },
	{ "lquantize", "@, int32_t, int32_t, ..." }, { "max", "@" },
	{ "min", "@" }, { "quantize", "@, ..." }, { "stddev", "@" },
	{ "sum", "@" },
	/* subroutines */
	{ "alloca", "size_t" }, { "basename", "char *" },
	{ "bcopy", "void *, void *, size_t" }, { "cleanpath", "char *" },
	{ "copyin", "uintptr_t, size_t" },
	{ "copyinstr", "uintptr_t, [size_t]" },
	{ "copyinto", "uintptr_t, size_t, void *" },
	{ "copyout", "void *, uintptr_t, size_t" },
	{ "copyoutstr", "char *, uintptr_t, size_t" },
	{ "d_path", "struct path *" }, { "dirname", "char *" },
	{ "getmajor", "dev_t" }, { "getminor", "dev_t" },
	{ "htonl", "uint32_t" }, { "htonll", "uint64_t" },
	{ "htons", "uint16_t" }, { "index", "char *, char *, [int]" },
	{ "inet_ntoa", "ipaddr_t *" },
	{ "inet_ntoa6", "struct in6_addr *, [int]" },
	{ "inet_ntop", "int, void *" }, { "link_ntop", "int, void *" },
	{ "lltostr", "int64_t, [int]" },
	{ "mutex_owned", "struct mutex *" },
	{ "mutex_owner", "struct mutex *" },
	{ "mutex_type_adaptive", "struct mutex *" },
	{ "mutex_type_spin", "struct mutex *" },
	{ "ntohl", "uint32_t" }, { "ntohll", "uint64_t" },
	{ "ntohs", "uint16_t" }, { "progenyof", "pid_t" }, { "rand", "" },
	{ "rindex", "char *, char *, [int]" },
	{ "rw_iswriter", "rwlock_t *" }, { "rw_read_held", "rwlock_t *" },
	{ "rw_write_held", "rwlock_t *" }, { "speculation", "" },
	{ "strchr", "char *, char" }, { "strjoin", "char *, char *" },
	{ "strlen", "char *" }, { "strrchr", "char *, char" },
	{ "strstr", "char *, char *" }, { "strtok", "char *, char *" },
	{ "strtoll", "char *, [int]" }, { "substr", "char *, int, [int]" },
	{ "tolower", "char *" }, { "toupper", "char *" },
};

static const char *params_of(const char *name)
{
	for (size_t i = 0; i < sizeof(protos) / sizeof(protos[0]); i++)
		if (strcmp(protos[i].name, name) == 0)
			return protos[i].params;
	return NULL;
}

bool sema_has_proto(const char *name)
{
	return params_of(name) != NULL;
}

/* The parameters of a list, split: count, and where optional and
 * variable arguments begin (-1: none), as DTrace's signatures count. */
struct plist {
	char p[8][32];
	int n, optargs, varargs;
};

static void plist_parse(const char *params, struct plist *pl)
{
	const char *s = params;

	memset(pl, 0, sizeof(*pl));
	pl->optargs = pl->varargs = -1;
	while (*s && pl->n < 8) {
		size_t len = strcspn(s, ",");
		const char *b = s;

		if (strncmp(b, "...", 3) == 0) {
			pl->varargs = pl->n;
			break;
		}
		if (*b == '[') {
			if (pl->optargs < 0)
				pl->optargs = pl->n;
			b++;
			len -= 2;
		}
		snprintf(pl->p[pl->n++], sizeof(pl->p[0]), "%.*s", (int)len, b);
		s += strcspn(s, ",");
		s += strspn(s, ", ");
	}
}

static const char *const int_params[] = {
	"char", "int", "int32_t", "int64_t", "uint16_t", "uint32_t",
	"uint64_t", "size_t", "uintptr_t", "pid_t", "dev_t",
};

static bool is_int_param(const char *p)
{
	for (size_t i = 0; i < sizeof(int_params) / sizeof(int_params[0]); i++)
		if (strcmp(int_params[i], p) == 0)
			return true;
	return false;
}

/* an integer constant 0, as NULL (an inline int 0) is */
static bool is_zero(const struct node *a)
{
	if (a->kind == NK_CAST && type_is_int(a->type))
		return is_zero(a->lhs);
	return a->kind == NK_INT && a->ival == 0;
}

/*
 * DTrace's pointer compatibility for parameter "T *": a pointer to T or
 * to void, an array of T, a string (D's is an array of char) where T is
 * char or void, or 0.
 */
static bool ptr_fits(struct sema *s, const char *param, const struct node *a)
{
	const struct dtype *t = a->type, *to;
	size_t len = strlen(param) - 1;

	while (len > 0 && param[len - 1] == ' ')
		len--;
	if (type_is_int(t))
		return is_zero(a);
	if (type_is_string(t))
		to = &s->types->t_char;
	else if (t->kind == DT_PTR || t->kind == DT_ARRAY)
		to = t->base;
	else
		return false;
	if (to->kind == DT_VOID || (len == 4 && !strncmp(param, "void", 4)))
		return true;
	/* a typedef of an integer (ipaddr_t): the same integer type */
	char name[32];
	const struct dtype *pt;

	snprintf(name, sizeof(name), "%.*s", (int)len, param);
	if ((pt = sema_typedef_lookup(s, name)))
		return type_same(pt, to);
	return strcmp(type_name(s->a, to), name) == 0;
}

static bool strcompat(const struct dtype *t)
{
	return type_is_string(t) || type_is_char_seq(t);
}

static bool arg_fits(struct sema *s, const char *param, const struct node *a)
{
	if (strcmp(param, "@") == 0)
		return true;
	if (a->kind == NK_AGG)	/* only "@" takes an aggregation */
		return false;
	if (is_int_param(param))
		return type_is_int(a->type);
	if (strcmp(param, "string") == 0)
		return strcompat(a->type);
	if (param[strlen(param) - 1] == '*')
		return (strcmp(param, "char *") == 0 && strcompat(a->type)) ||
		       ptr_fits(s, param, a);
	return false;
}

/* The name DTrace gives an argument's type in its messages. */
/* An anonymous struct, union or enum is spelled by its keyword alone
 * ("struct "), as DTrace's type names spell it. */
static const char *arg_type_name(struct sema *s, const struct node *a)
{
	const char *name = type_name(s->a, a->type);
	const char *anon = strstr(name, "<anon>");

	if (!anon)
		return name;
	return arena_printf(s->a, "%.*s%s", (int)(anon - name), name,
			    anon + strlen("<anon>"));
}

bool sema_value_compat(struct sema *s, const struct dtype *lt,
		       struct node *r)
{
	const struct dtype *rt = r->type;
	bool lptr = lt->kind == DT_PTR || lt->kind == DT_ARRAY;
	bool rptr = rt->kind == DT_PTR || rt->kind == DT_ARRAY;
	int64_t v;

	if (!lptr && !rptr)
		return true;	/* integers, strings: the callers' rules */
	if (strcompat(lt) && strcompat(rt))
		return true;
	if (!lptr)	/* an integer takes no pointer */
		return false;
	if (!rptr)	/* a pointer takes no integer but 0 */
		return type_is_int(rt) && sema_folded_const(s, r, &v) && !v;
	return lt->base->kind == DT_VOID || rt->base->kind == DT_VOID ||
	       type_same(lt->base, rt->base);
}

int sema_proto_check(struct sema *s, struct node *call)
{
	const char *params = params_of(call->name);
	struct plist pl;
	int argc = 0, limit, cmp = 0, i = 0;
	bool bad;

	if (!params)
		return 0;
	plist_parse(params, &pl);
	for (struct node *a = call->args; a; a = a->next)
		argc++;
	if (pl.varargs >= 0) {
		bad = argc < pl.varargs;
		limit = pl.varargs;
		cmp = 1;
	} else if (pl.optargs >= 0) {
		bad = argc < pl.optargs || argc > pl.n;
		cmp = argc < pl.optargs ? 1 : -1;
		limit = bad ? (cmp > 0 ? pl.optargs : pl.n) : argc;
	} else {
		bad = argc != pl.n;
		limit = pl.n;
	}
	if (bad) {
		diag_error(s->diag, call->loc, D_PROTO_LEN,
			   "%s( ) prototype mismatch: %d arg%s passed, %s%d expected",
			   call->name, argc, argc == 1 ? "" : "s",
			   cmp > 0 ? "at least " : cmp < 0 ? "at most " : "",
			   limit);
		return -1;
	}
	for (struct node *a = call->args; a && i < limit; a = a->next, i++) {
		if (arg_fits(s, pl.p[i], a))
			continue;
		diag_error(s->diag, srcloc_reported_at(a->loc, call->loc),
			   D_PROTO_ARG,
			   "%s( ) argument #%d is incompatible with prototype:\n\tprototype: %s\n\t argument: %s",
			   call->name, i + 1, pl.p[i], arg_type_name(s, a));
		return -1;
	}
	return 0;
}

/*
 * Semantic analysis of calls: actions (printf, trace, exit ...),
 * subroutines, and aggregations with their aggregating functions.
 */
#include <stdlib.h>
#include <string.h>

#include "lex.h"
#include "sema_impl.h"
#include "subr.h"

static const struct {
	const char *name;
	enum dfunc func;
} funcs[] = {
	{ "printf", DF_PRINTF }, { "trace", DF_TRACE }, { "exit", DF_EXIT },
	{ "count", DF_COUNT }, { "sum", DF_SUM }, { "avg", DF_AVG },
	{ "min", DF_MIN }, { "max", DF_MAX },
	{ "stddev", DF_STDDEV }, { "quantize", DF_QUANTIZE },
	{ "lquantize", DF_LQUANTIZE }, { "llquantize", DF_LLQUANTIZE },
	{ "printa", DF_PRINTA }, { "trunc", DF_TRUNC }, { "clear", DF_CLEAR },
	{ "normalize", DF_NORMALIZE }, { "denormalize", DF_DENORMALIZE },
	{ "setopt", DF_SETOPT },
	{ "stack", DF_STACK }, { "ustack", DF_USTACK }, { "jstack", DF_USTACK },
	{ "speculate", DF_SPECULATE }, { "commit", DF_COMMIT },
	{ "discard", DF_DISCARD }, { "raise", DF_RAISE }, { "stop", DF_STOP },
	{ "system", DF_SYSTEM }, { "chill", DF_CHILL },
	{ "freopen", DF_FREOPEN }, { "ftruncate", DF_FTRUNCATE },
	{ "panic", DF_PANIC }, { "breakpoint", DF_BREAKPOINT },
	{ "tracemem", DF_TRACEMEM }, { "print", DF_PRINT }, { "pcap", DF_PCAP },
};

/* DTrace's other actions and subroutines: known names, later issues. */
static const char *const later_funcs[] = {
	"alloca", "basename", "bcopy", "breakpoint", "chill", "cleanpath",
	"clear", "commit", "copyin", "copyinstr", "copyinto", "copyout",
	"copyoutstr", "d_path", "denormalize", "dirname", "discard",
	"freopen", "ftruncate", "func", "getmajor", "getminor", "htonl",
	"htonll", "htons", "index", "inet_ntoa", "inet_ntoa6", "inet_ntop",
	"llquantize", "lltostr", "lquantize", "mod", "normalize",
	"ntohl", "ntohll", "ntohs", "panic", "print", "printa", "progenyof",
	"quantize", "raise", "rand", "rindex", "setopt", "speculate",
	"speculation", "stack", "stddev", "stop", "strchr", "strjoin",
	"strlen", "strrchr", "strstr", "strtok", "strtoll", "substr", "sym",
	"system", "tolower", "toupper", "tracemem", "trunc", "uaddr",
	"ufunc", "umod", "ustack", "usym", "mutex_owned", "mutex_owner",
	"mutex_type_adaptive", "mutex_type_spin", "rw_read_held",
	"rw_write_held", "rw_iswriter", "getf", "msgsize", "msgdsize",
	"link_ntop",
};

enum dfunc sema_func(const char *name)
{
	for (size_t i = 0; i < sizeof(funcs) / sizeof(funcs[0]); i++)
		if (strcmp(funcs[i].name, name) == 0)
			return funcs[i].func;
	return DF_NONE;
}

bool sema_is_later_func(const char *name)
{
	for (size_t i = 0; i < sizeof(later_funcs) / sizeof(later_funcs[0]);
	     i++)
		if (strcmp(later_funcs[i], name) == 0)
			return true;
	return false;
}

bool sema_is_agg_func(enum dfunc f)
{
	return f >= DF_COUNT && f <= DF_LLQUANTIZE;
}

int sema_call_expr(struct sema *s, struct node *n)
{
	enum dfunc f = sema_func(n->name);
	int rc;

	if (sema_stack_call(s, n, &rc))
		return rc;
	if (sema_spec_call(s, n, &rc))	/* speculation(), copyout() ... */
		return rc;

	if (f != DF_NONE) {
		/* DTrace checks the call against its prototype first */
		if (sema_args(s, n) < 0)
			return -1;
		if (sema_is_agg_func(f))	/* its code generator's words */
			diag_error(s->diag, n->loc, D_CG_EXPR,
				   "aggregating function %s( ) may not be called from a D expression (D program context required)",
				   n->name);
		else
			diag_error(s->diag, n->loc, D_OP_ACT,
				   "%s( ) may not be used in an expression; it is an action",
				   n->name);
		return -1;
	}
	if (sema_is_subr(n->name))
		return sema_subr_call(s, n);
	if (sema_is_later_func(n->name)) {
		/* DTrace types the call against its prototype first */
		if (sema_has_proto(n->name) && sema_args(s, n) < 0)
			return -1;
		return sema_unsupported(s, n, arena_printf(s->a, "%s( )", n->name));
	}
	if (sema_func_idkind(s, n) < 0)
		return -1;
	diag_error(s->diag, n->loc, D_FUNC_UNDEF,
		   "undefined function name: %s", n->name);
	return -1;
}

int sema_operand(struct sema *s, struct node *n)
{
	enum dfunc f = n->kind == NK_CALL ? sema_func(n->name) : DF_NONE;

	if (f == DF_NONE || f == DF_STACK || f == DF_USTACK)
		return sema_expr(s, n);
	if (sema_args(s, n) < 0)
		return -1;
	n->type = &s->types->t_void;
	return 0;
}

/* trace()'s own checks of its argument (libdtrace's dt_cg_act_trace) */
static int trace_arg(struct sema *s, struct node *a)
{
	if (a->type->kind == DT_VOID && a->kind != NK_AGG) {
		diag_error(s->diag, a->loc, D_TRACE_VOID,
			   "trace( ) may not be applied to a void expression");
		return -1;
	}
	/* an aggregation's type is dynamic, and so is an xlate's */
	if (a->kind == NK_AGG || sema_is_xlate(a)) {
		diag_error(s->diag, a->loc, D_TRACE_DYN,
			   "trace( ) may not be applied to a dynamic expression");
		return -1;
	}
	return 0;
}

int sema_args(struct sema *s, struct node *call)
{
	bool trace = strcmp(call->name, "trace") == 0;

	for (struct node *a = call->args; a; a = a->next) {
		if (trace && sema_dyn_trace(s, a) < 0)
			return -1;
		if (a->kind == NK_AGG)
			a->type = &s->types->t_agg;
		else if (sema_operand(s, a) < 0)
			return -1;
	}
	if (sema_proto_check(s, call) < 0)
		return -1;
	return trace && call->args ? trace_arg(s, call->args) : 0;
}

int sema_action(struct sema *s, struct node *call, enum dfunc f)
{
	switch (f) {
	case DF_PRINTA: case DF_TRUNC: case DF_CLEAR: case DF_NORMALIZE:
	case DF_DENORMALIZE: case DF_SETOPT:
		return sema_agg_action(s, call, f);
	case DF_STACK: case DF_USTACK: {
		int rc;

		sema_stack_call(s, call, &rc);
		return rc;
	}
	case DF_SPECULATE: case DF_COMMIT: case DF_DISCARD: case DF_RAISE:
	case DF_STOP: case DF_SYSTEM: case DF_CHILL: case DF_FREOPEN:
	case DF_FTRUNCATE: case DF_PANIC: case DF_BREAKPOINT:
		return sema_spec_action(s, call, f);
	case DF_TRACEMEM: case DF_PRINT: case DF_PCAP:
		return sema_output_action(s, call, f);
	default:
		break;
	}
	if (f == DF_PRINTF && sema_printf_nonvalue(s, call) < 0)
		return -1;
	if (sema_args(s, call) < 0)
		return -1;
	switch (f) {
	case DF_PRINTF:
		if (call->args->kind != NK_STRING) {
			diag_error(s->diag, call->args->loc, D_PRINTF_ARG_FMT,
				   "printf( ) argument #1 is incompatible with prototype:\n\tprototype: string constant\n\t argument: %s",
				   type_name(s->a, call->args->type));
			return -1;
		}
		for (struct node *a = call->args->next; a; a = a->next)
			if (sema_record_arg(s, a, "printf") < 0)
				return -1;
		return 0;
	case DF_TRACE:
		if (sema_output_bytes_arg(call->args))
			return 0;	/* recorded as bytes (cg_output.c) */
		return sema_record_arg(s, call->args, "trace");
	case DF_EXIT:
		return 0;
	default:
		return -1;
	}
}

/*
 * Semantic analysis of the output actions that record raw memory:
 * tracemem(addr, size[, len]) and trace() of a struct, union or array
 * (char arrays too), which DTrace records byte for byte and prints as a
 * hex dump; and pcap(skb, type), checked against its prototype.
 * Messages and tags are libdtrace's (dt_cc.c's dt_action_tracemem).
 */
#include "sema_impl.h"

bool sema_output_bytes_arg(const struct node *a)
{
	const struct dtype *t = a->type;

	if (!t)
		return false;
	return (t->kind == DT_ARRAY || type_is_sou(t)) && t->size > 0;
}

/*
 * tracemem(addr, size[, len]): size a positive constant, len scalar.
 * As in Oracle's DTrace, whose prototype is void(@, size_t, [size_t]),
 * the argument count and the types of size and len are checked first,
 * as any function's (D_PROTO_LEN, D_PROTO_ARG).
 */
static int sema_tracemem(struct sema *s, struct node *call)
{
	struct node *addr = call->args, *size;

	if (sema_args(s, call) < 0)
		return -1;
	size = addr->next;
	if (!type_is_scalar(addr->type)) {
		diag_error(s->diag, addr->loc, D_TRACEMEM_ADDR,
			   "tracemem( ) argument #1 is incompatible with prototype:\n\tprototype: pointer or integer\n\t argument: %s",
			   type_name(s->a, addr->type));
		return -1;
	}
	if (size->kind != NK_INT || (int64_t)size->ival <= 0) {
		diag_error(s->diag, size->loc, D_TRACEMEM_SIZE,
			   "tracemem( ) argument #2 must be a non-zero positive integral constant expression");
		return -1;
	}
	if (size->ival > 4096 - 64) {
		diag_error(s->diag, size->loc, D_TRACEMEM_SIZE,
			   "tracemem( ) argument #2 is too large: at most %d bytes may be traced",
			   4096 - 64);
		return -1;
	}
	return 0;
}

int sema_output_action(struct sema *s, struct node *call, enum dfunc f)
{
	switch (f) {
	case DF_TRACEMEM:
		return sema_tracemem(s, call);
	case DF_PRINT:
		return sema_print(s, call);
	case DF_PCAP:	/* pcap(addr, type): its prototype is all */
		return sema_args(s, call);
	default:
		return sema_unsupported(s, call, call->name);
	}
}

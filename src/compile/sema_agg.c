/*
 * Semantic analysis of aggregations: @name[keys] = func(args), the
 * aggregating functions' prototypes and parameters (lquantize() and
 * llquantize() take integer constants, checked with DTrace's D_LQUANT_*
 * and D_LLQUANT_* messages), each aggregation's consistent key
 * signature, function and parameters; and the actions that act on
 * aggregations (printa, trunc, clear, normalize, denormalize) and
 * setopt(), with DTrace's argument checks.
 */
#include <stdlib.h>
#include <string.h>

#include "lex.h"
#include "sema_impl.h"
#include "subr.h"

static bool same_keys(const struct dsym *y, const struct node *keys)
{
	int i = 0;

	for (const struct node *k = keys; k; k = k->next, i++) {
		if (i >= y->nkeys)
			return false;
		const struct dtype *a = y->keys[i], *b = k->type;

		if (type_is_string(a) != type_is_string(b))
			return false;
	}
	return i == y->nkeys;
}

static struct node *nth_arg(struct node *call, int i)
{
	struct node *a = call->args;

	while (a && i-- > 0)
		a = a->next;
	return a;
}

/* lquantize(x, base, limit[, step[, incr]]): p = { base, limit, step } */
static int lquantize_params(struct sema *s, struct node *call, int64_t p[4])
{
	struct node *a1 = nth_arg(call, 1), *a2 = nth_arg(call, 2);
	struct node *a3 = nth_arg(call, 3);
	int64_t base, limit, step = 1, levels;

	if (!sema_folded_const(s, a1, &base)) {
		diag_error(s->diag, a1->loc, D_LQUANT_BASETYPE,
			   "lquantize( ) argument #1 must be an integer constant");
		return -1;
	}
	if (base < INT32_MIN || base > INT32_MAX) {
		diag_error(s->diag, a1->loc, D_LQUANT_BASEVAL,
			   "lquantize( ) argument #1 must be a 32-bit quantity");
		return -1;
	}
	if (!sema_folded_const(s, a2, &limit)) {
		diag_error(s->diag, a2->loc, D_LQUANT_LIMTYPE,
			   "lquantize( ) argument #2 must be an integer constant");
		return -1;
	}
	if (limit < INT32_MIN || limit > INT32_MAX) {
		diag_error(s->diag, a2->loc, D_LQUANT_LIMVAL,
			   "lquantize( ) argument #2 must be a 32-bit quantity");
		return -1;
	}
	if (limit <= base) {
		diag_error(s->diag, call->loc, D_LQUANT_MISMATCH,
			   "lquantize( ) base (argument #1) must be less than limit (argument #2)");
		return -1;
	}
	if (a3) {
		if (!sema_folded_const(s, a3, &step) || step <= 0) {
			diag_error(s->diag, a3->loc, D_LQUANT_STEPTYPE,
				   "lquantize( ) argument #3 must be a non-zero positive integer constant");
			return -1;
		}
		if (step > UINT16_MAX) {
			diag_error(s->diag, a3->loc, D_LQUANT_STEPVAL,
				   "lquantize( ) argument #3 must be a 16-bit quantity");
			return -1;
		}
	}
	levels = (limit - base) / step;
	if (levels == 0) {
		diag_error(s->diag, call->loc, D_LQUANT_STEPLARGE,
			   "lquantize( ) step (argument #3) too large: must have at least one quantization level");
		return -1;
	}
	if (levels > UINT16_MAX) {
		diag_error(s->diag, call->loc, D_LQUANT_STEPSMALL,
			   "lquantize( ) step (argument #3) too small: number of quantization levels must be a 16-bit quantity");
		return -1;
	}
	/* the limit as DTrace keeps it: base + levels * step */
	p[0] = base;
	p[1] = base + levels * step;
	p[2] = step;
	return 0;
}

static int ll_int(struct sema *s, struct node *a, int argn, enum dtag ttag,
		  int64_t *v)
{
	if (sema_folded_const(s, a, v))
		return 0;
	diag_error(s->diag, a->loc, ttag,
		   "llquantize( ) argument #%d must be an integer constant", argn);
	return -1;
}

/* factor^n in *out; false if it does not fit in 64 bits */
static bool upow(uint64_t factor, uint64_t n, uint64_t *out)
{
	uint64_t v = 1;

	while (n-- > 0) {
		if (v > UINT64_MAX / factor)
			return false;
		v *= factor;
	}
	*out = v;
	return true;
}

static int llquantize_steps(struct sema *s, struct node *a1, int64_t factor,
			    int64_t lmag, int64_t steps)
{
	const char *why = NULL;
	uint64_t p;

	if (steps < factor && factor % steps != 0)
		why = "argument #4 (steps) must evenly divide argument #1 (factor) when steps<factor";
	else if (steps > factor && steps % factor != 0)
		why = "argument #4 (steps) must be a multiple of argument #1 (factor) when steps>factor";
	else if (steps > factor && lmag == 0 && (factor * factor) % steps != 0)
		why = "argument #4 (steps) must evenly divide the square of argument #1 (factor) when steps>factor and lmag==0";
	else if (steps > factor && lmag != 0 &&
		 (!upow((uint64_t)factor, (uint64_t)lmag + 1, &p) ||
		  p % (uint64_t)steps != 0))
		why = "argument #4 (steps) must evenly divide pow(argument #1 (factor), lmag (argument #2) + 1) when steps>factor and lmag==0";
	if (!why)
		return 0;
	diag_error(s->diag, a1->loc, D_LLQUANT_STEPVAL, "llquantize() %s", why);
	return -1;
}

/* a translated value (curpsinfo, xlate <T *>(...)): no memory to key on,
 * a dynamic expression to DTrace */
static bool key_is_xlate(const struct node *k)
{
	/* an inline of pointer type is a cast marked builtin -1
	 * (sema_inline_use); a cast written in D makes a value */
	while (k->kind == NK_CAST && k->builtin == -1 && k->lhs)
		k = k->lhs;
	return k->kind == NK_XLATE;
}

/* llquantize(x, factor, low, high, nsteps[, incr]) */
static int llquantize_params(struct sema *s, struct node *call, int64_t p[4])
{
	struct node *a1 = nth_arg(call, 1), *a2 = nth_arg(call, 2);
	struct node *a3 = nth_arg(call, 3), *a4 = nth_arg(call, 4);
	int64_t factor, lmag, hmag, steps;

	if (ll_int(s, a1, 1, D_LLQUANT_FACTORTYPE, &factor) < 0)
		return -1;
	if (factor > UINT16_MAX || factor < 2) {
		diag_error(s->diag, a1->loc, D_LLQUANT_FACTORVAL,
			   "llquantize( ) argument #1 must be an unsigned 16-bit quantity greater than or equal to 2");
		return -1;
	}
	if (ll_int(s, a2, 2, D_LLQUANT_LMAGTYPE, &lmag) < 0)
		return -1;
	if ((uint64_t)lmag > UINT16_MAX) {
		diag_error(s->diag, a2->loc, D_LLQUANT_LMAGVAL,
			   "llquantize( ) argument #2 must be an unsigned 16-bit quantity");
		return -1;
	}
	if (ll_int(s, a3, 3, D_LLQUANT_HMAGTYPE, &hmag) < 0)
		return -1;
	if ((uint64_t)hmag > UINT16_MAX) {
		diag_error(s->diag, a3->loc, D_LLQUANT_HMAGVAL,
			   "llquantize( ) argument #3 must be an unsigned 16-bit quantity");
		return -1;
	}
	if (hmag < lmag) {
		diag_error(s->diag, a3->loc, D_LLQUANT_HMAGVAL,
			   "llquantize( ) argument #3 (high magnitude) must be at least argument #2 (low magnitude)");
		return -1;
	}
	uint64_t top;

	if (!upow((uint64_t)factor, (uint64_t)hmag + 1, &top)) {
		diag_error(s->diag, a3->loc, D_LLQUANT_HMAGVAL,
			   "llquantize( ) argument #3 (high magnitude) will cause overflow of 64 bits");
		return -1;
	}
	if (ll_int(s, a4, 4, D_LLQUANT_STEPTYPE, &steps) < 0)
		return -1;
	if (steps <= 0) {
		diag_error(s->diag, a4->loc, D_LLQUANT_STEPTYPE,
			   "llquantize( ) argument #4 must be a non-zero positive integer constant");
		return -1;
	}
	if ((uint64_t)steps > UINT16_MAX) {
		diag_error(s->diag, a4->loc, D_LLQUANT_STEPVAL,
			   "llquantize( ) argument #4 must be an unsigned 16-bit quantity");
		return -1;
	}
	if (llquantize_steps(s, a1, factor, lmag, steps) < 0)
		return -1;
	p[0] = factor;
	p[1] = lmag;
	p[2] = hmag;
	p[3] = steps;
	return 0;
}

/* Parameters of a redefinition must be those of the first definition. */
static int same_params(struct sema *s, const struct dsym *y,
		       const struct node *call, const int64_t p[4])
{
	static const struct {
		enum dtag tag;
		const char *what;
	} ll[] = {
		{ D_LLQUANT_MATCHFACTOR, "factor (argument #1)" },
		{ D_LLQUANT_MATCHLMAG, "lmag (argument #2)" },
		{ D_LLQUANT_MATCHHMAG, "hmag (argument #3)" },
		{ D_LLQUANT_MATCHSTEPS, "steps (argument #4)" },
	}, lq[] = {
		{ D_LQUANT_MATCHBASE, "base (argument #1)" },
		{ D_LQUANT_MATCHLIM, "limit (argument #2)" },
		{ D_LQUANT_MATCHSTEP, "step (argument #3)" },
	};

	for (int i = 0; i < 4; i++) {
		if (y->agg_params[i] == p[i])
			continue;
		if (y->func == DF_LLQUANTIZE)
			diag_error(s->diag, call->loc, ll[i].tag,
				   "llquantize() %s doesn't match previous declaration: expected %d, found %d",
				   ll[i].what, (int)y->agg_params[i], (int)p[i]);
		else
			diag_error(s->diag, call->loc, lq[i].tag,
				   "lquantize( ) %s doesn't match previous declaration: expected %d, found %d",
				   lq[i].what, (int)y->agg_params[i], (int)p[i]);
		return -1;
	}
	return 0;
}

/*
 * The most arguments the functions with an increment take (their
 * prototypes end in "..."): one past the increment is DTrace's
 * D_PROTO_LEN.
 */
static int max_args(struct sema *s, struct node *call, enum dfunc f)
{
	int max = f == DF_QUANTIZE ? 2 : f == DF_LQUANTIZE ? 5 :
		  f == DF_LLQUANTIZE ? 6 : 1000, argc = 0;

	for (struct node *a = call->args; a; a = a->next)
		argc++;
	if (argc <= max)
		return 0;
	diag_error(s->diag, call->loc, D_PROTO_LEN,
		   "%s( ) prototype mismatch: %d args passed, at most %d expected",
		   call->name, argc, max);
	return -1;
}

/* The function's arguments, parameters and increment; params out. */
static int check_call(struct sema *s, struct node *call, enum dfunc f,
		      int64_t p[4])
{
	int incr_at = -1;

	if (sema_args(s, call) < 0 || max_args(s, call, f) < 0)
		return -1;
	if (f != DF_COUNT && !type_is_scalar(call->args->type)) {
		diag_error(s->diag, call->loc, D_AGG_SCALAR,
			   "%s( ) argument #1 must be of scalar type",
			   call->name);
		return -1;
	}
	if (f != DF_COUNT && !type_is_arith(call->args->type)) {
		diag_error(s->diag, call->args->loc, D_PROTO_ARG,
			   "%s( ) argument #1 is incompatible with prototype:\n\tprototype: integer\n\t argument: %s",
			   call->name, type_name(s->a, call->args->type));
		return -1;
	}
	memset(p, 0, 4 * sizeof(*p));
	if (f == DF_LQUANTIZE) {
		if (lquantize_params(s, call, p) < 0)
			return -1;
		incr_at = 4;
	} else if (f == DF_LLQUANTIZE) {
		if (llquantize_params(s, call, p) < 0)
			return -1;
		incr_at = 5;
	} else if (f == DF_QUANTIZE) {
		incr_at = 1;
	}
	struct node *incr = incr_at >= 0 ? nth_arg(call, incr_at) : NULL;

	if (incr && !type_is_scalar(incr->type)) {
		diag_error(s->diag, incr->loc, D_PROTO_ARG,
			   "%s( ) increment value (argument #%d) must be of scalar type",
			   call->name, incr_at + 1);
		return -1;
	}
	return 0;
}

static bool is_probe_string(int b)
{
	return b == BV_PROBEPROV || b == BV_PROBEMOD || b == BV_PROBEFUNC ||
	       b == BV_PROBENAME;
}

static bool is_execname(int b)
{
	return b == BV_EXECNAME;
}

static bool is_probeprov(int b)
{
	return b == BV_PROBEPROV;
}

/*
 * The keys that are the built-in variables is() accepts, a bit each
 * (dsym.probe_keys, dsym.exec_keys, dsym.prov_keys).
 */
static uint32_t key_bits(const struct node *keys, bool (*is)(int));

void sema_probe_keys(struct dsym *y, const struct node *keys)
{
	uint32_t bits = key_bits(keys, is_probe_string);

	y->probe_keys = y->keys_used ? y->probe_keys & bits : bits;
	y->prov_keys |= key_bits(keys, is_probeprov);
	y->keys_used = true;
}

static uint32_t key_bits(const struct node *keys, bool (*is)(int))
{
	uint32_t bits = 0;
	int i = 0;

	for (const struct node *k = keys; k && i < 32; k = k->next, i++)
		if (k->kind == NK_IDENT && is(k->builtin))
			bits |= 1u << i;
	return bits;
}

static struct dsym *agg_new(struct sema *s, struct node *agg, enum dfunc f,
			    struct node *keys, const int64_t p[4])
{
	struct dsym *y = arena_alloc(s->a, sizeof(*y));
	int i = 0;

	y->kind = SYM_AGG;
	y->name = agg->name;
	y->loc = agg->loc;
	y->func = f;
	y->agg_index = -1;
	for (struct node *k = keys; k; k = k->next)
		y->nkeys++;
	y->keys = arena_alloc(s->a, sizeof(*y->keys) * (y->nkeys + 1));
	for (struct node *k = keys; k; k = k->next)
		y->keys[i++] = k->type;
	memcpy(y->agg_params, p, sizeof(y->agg_params));
	y->probe_keys = key_bits(keys, is_probe_string);
	y->exec_keys = key_bits(keys, is_execname);
	y->prov_keys = key_bits(keys, is_probeprov);
	vec_push(&s->syms, y);
	return y;
}

/*
 * Statements that misuse an aggregation in ways DTrace reports with
 * their own tags: "@a;" or "@a[k];" alone (D_AGG_NULL, or D_IDENT_UNDEF
 * for a bare aggregation never assigned) and "@a[x][y] = f()"
 * (D_AGG_MDIM).
 * Returns true after reporting the error.
 */
bool sema_agg_stmt_misuse(struct sema *s, const struct node *e)
{
	const struct node *l = e->kind == NK_ASSIGN ? e->lhs : e;

	if (e->kind == NK_AGG ||
	    (e->kind == NK_INDEX && e->lhs->kind == NK_AGG)) {
		const struct node *agg = e->kind == NK_AGG ? e : e->lhs;

		/* DTrace resolves a bare one first (one never assigned is
		 * unknown) but creates one with keys */
		if (e->kind == NK_AGG && !sema_lookup(s, SYM_AGG, agg->name)) {
			diag_error(s->diag, agg->loc, D_IDENT_UNDEF,
				   "failed to resolve @%s: Unknown variable name",
				   agg->name);
			return true;
		}
		diag_error(s->diag, e->loc, D_AGG_NULL,
			   "expression has null effect: @%s", agg->name);
		return true;
	}
	if (l->kind == NK_INDEX && l->lhs->kind == NK_INDEX &&
	    l->lhs->lhs->kind == NK_AGG) {
		diag_error(s->diag, l->loc, D_AGG_MDIM,
			   "@%s: aggregations may not be multi-dimensional arrays",
			   l->lhs->lhs->name);
		return true;
	}
	return false;
}

/*
 * An aggregation named in an expression: an undefined one is unknown
 * (D_IDENT_UNDEF), a defined one a value of dynamic type, which the
 * operator or function it is given to refuses in its own words, as in
 * DTrace.
 */
int sema_agg_ref(struct sema *s, struct node *n)
{
	if (!(n->sym = sema_lookup(s, SYM_AGG, n->name))) {
		diag_error(s->diag, n->loc, D_IDENT_UNDEF,
			   "failed to resolve @%s: Unknown variable name",
			   n->name);
		return -1;
	}
	n->type = &s->types->t_agg;
	return 0;
}

/* @name[keys] = func(args) */
int sema_agg(struct sema *s, struct node *n)
{
	struct node *agg = n->lhs->kind == NK_AGG ? n->lhs : n->lhs->lhs;
	struct node *keys = n->lhs->kind == NK_INDEX ? n->lhs->args : NULL;
	struct node *call = n->rhs;
	enum dfunc f = call->kind == NK_CALL ? sema_func(call->name) : DF_NONE;
	int64_t p[4];

	if (n->op != TK_ASSIGN || call->kind != NK_CALL || !sema_is_agg_func(f)) {
		if (call->kind == NK_CALL && sema_is_later_func(call->name))
			return sema_unsupported(s, call, arena_printf(s->a, "%s( )", call->name));
		/* DTrace resolves the function before it checks its kind */
		if (call->kind == NK_CALL && f == DF_NONE &&
		    !sema_is_subr(call->name)) {
			diag_error(s->diag, call->loc, D_FUNC_UNDEF,
				   "undefined function name: %s", call->name);
			return -1;
		}
		diag_error(s->diag, n->loc, D_AGG_FUNC,
			   "@%s must be assigned the result of an aggregating function",
			   agg->name);
		return -1;
	}
	int i = 1;

	for (struct node *k = keys; k; k = k->next, i++) {
		/* an action (trace() ...) as a key is a void value, an
		 * aggregation one of dynamic type: DTrace's words for both */
		if (sema_operand(s, k) < 0)
			return -1;
		if (k->type->kind == DT_VOID) {
			diag_error(s->diag, k->loc, D_KEY_TYPE,
				   "%s expression may not be used as aggregation index: key #%d",
				   type_name(s->a, k->type), i);
			return -1;
		}
		if (key_is_xlate(k) ||
		    (!type_is_scalar(k->type) && !type_is_string(k->type))) {
			diag_error(s->diag, k->loc, D_KEY_TYPE,
				   "aggregation key has a type that cannot be a key");
			return -1;
		}
	}
	if (check_call(s, call, f, p) < 0)
		return -1;
	struct dsym *y = sema_lookup(s, SYM_AGG, agg->name);

	if (!y) {
		y = agg_new(s, agg, f, keys, p);
	} else if (y->func != f) {
		diag_error(s->diag, call->loc, D_AGG_REDEF,
			   "@%s: aggregation redefined with a different function",
			   agg->name);
		return -1;
	} else if (!same_keys(y, keys)) {
		diag_error(s->diag, n->lhs->loc, D_AGG_MDIM,
			   "@%s: aggregation redeclared with different key types",
			   agg->name);
		return -1;
	} else if (same_params(s, y, call, p) < 0) {
		return -1;
	} else {
		y->probe_keys &= key_bits(keys, is_probe_string);
		y->exec_keys &= key_bits(keys, is_execname);
		y->prov_keys |= key_bits(keys, is_probeprov);
	}
	agg->sym = y;
	return 0;
}

/* ------------------------------------------------------------------ */
/* actions on aggregations */

static int nargs(const struct node *call)
{
	int n = 0;

	for (const struct node *a = call->args; a; a = a->next)
		n++;
	return n;
}

/*
 * An aggregation argument: D_*_AGGARG unless it is one, D_*_AGGBAD
 * unless it was defined earlier in the program (as DTrace cooks clauses
 * in order).  Sets a->sym.
 */
static int agg_arg(struct sema *s, struct node *call, struct node *a, int argn,
		   enum dtag argtag, enum dtag badtag)
{
	if (a->kind != NK_AGG) {	/* sema_args typed it */
		diag_error(s->diag, call->loc, argtag,
			   "%s( ) argument #%d is incompatible with prototype:\n\tprototype: aggregation\n\t argument: %s",
			   call->name, argn, type_name(s->a, a->type));
		return -1;
	}
	a->sym = sema_lookup(s, SYM_AGG, a->name);
	if (!a->sym) {
		diag_error(s->diag, call->loc, badtag,
			   "undefined aggregation: @%s", a->name);
		return -1;
	}
	return 0;
}

/*
 * printa( ): several aggregations must have the same key signature.  At
 * is the argument naming r, in the call whose line DTrace reports.
 */
static int printa_same_keys(struct sema *s, const struct dsym *l,
			    const struct dsym *r, struct srcloc at)
{
	if (l->nkeys != r->nkeys) {
		diag_error(s->diag, at, D_PRINTA_AGGKEY,
			   "printa( ): @%s and @%s do not have matching key signatures: @%s has %d key%s, @%s has %d key%s",
			   l->name, r->name, l->name, l->nkeys,
			   l->nkeys == 1 ? "" : "s", r->name, r->nkeys,
			   r->nkeys == 1 ? "" : "s");
		return -1;
	}
	for (int i = 0; i < l->nkeys; i++) {
		if (type_is_string(l->keys[i]) == type_is_string(r->keys[i]))
			continue;
		diag_error(s->diag, at, D_PRINTA_AGGPROTO,
			   "printa( ): @%s[ ] key #%d is incompatible with @%s:\n%9s key #%d: %s\n%9s key #%d: %s",
			   r->name, i + 1, l->name, l->name, i + 1,
			   type_name(s->a, l->keys[i]), r->name, i + 1,
			   type_name(s->a, r->keys[i]));
		return -1;
	}
	return 0;
}

static int sema_printa(struct sema *s, struct node *call)
{
	int argc = nargs(call), argr = 1;
	struct node *a = call->args;
	const struct dsym *proto = NULL;

	if (sema_args(s, call) < 0)
		return -1;
	if (a && a->kind == NK_STRING) {
		a = a->next;
		argr = 2;
	}
	if (argc < argr) {
		diag_error(s->diag, call->loc, D_PRINTA_PROTO,
			   "printa( ) prototype mismatch: %d args passed, %d expected",
			   argc, argr);
		return -1;
	}
	for (; a; a = a->next, argr++) {
		if (agg_arg(s, call, a, argr, D_PRINTA_AGGARG, D_PRINTA_AGGBAD) < 0)
			return -1;
		if (proto && printa_same_keys(s, proto, a->sym,
				srcloc_reported_at(a->loc, call->loc)) < 0)
			return -1;
		if (!proto)
			proto = a->sym;
	}
	return 0;
}

/* trunc(@a[, n]) */
static int sema_trunc(struct sema *s, struct node *call)
{
	if (sema_args(s, call) < 0 ||
	    agg_arg(s, call, call->args, 1, D_TRUNC_AGGARG, D_TRUNC_AGGBAD) < 0)
		return -1;
	return 0;
}

/* clear(@a), normalize(@a, n), denormalize(@a) */
static int sema_clear_norm(struct sema *s, struct node *call, enum dfunc f)
{
	bool clear = f == DF_CLEAR;

	if (sema_args(s, call) < 0 ||
	    agg_arg(s, call, call->args, 1,
		    clear ? D_CLEAR_AGGARG : D_NORMALIZE_AGGARG,
		    clear ? D_CLEAR_AGGBAD : D_NORMALIZE_AGGBAD) < 0)
		return -1;
	struct node *n = call->args->next;

	if (n && !type_is_scalar(n->type)) {
		diag_error(s->diag, call->loc, D_NORMALIZE_SCALAR,
			   "normalize( ) argument #2 must be of scalar type");
		return -1;
	}
	return 0;
}

/* setopt(name[, value]): strings, constant or not (cg_agg_act.c) */
static int sema_setopt(struct sema *s, struct node *call)
{
	return sema_args(s, call);
}

int sema_agg_action(struct sema *s, struct node *call, enum dfunc f)
{
	switch (f) {
	case DF_PRINTA:
		return sema_printa(s, call);
	case DF_TRUNC:
		return sema_trunc(s, call);
	case DF_SETOPT:
		return sema_setopt(s, call);
	default:
		return sema_clear_norm(s, call, f);
	}
}

/*
 * The record consumer.  Each ring-buffer record is one firing of one
 * clause: a struct rec_hdr (epid, probe id, CPU) followed by the values
 * its actions recorded.  Without -q every record is introduced by the
 * probe's line ("  0  27  read:entry ") under a heading printed once,
 * and ended by a newline; each action then prints as its formatter says.
 * This follows dtrace(1M)'s chew() (per record) and chewrec() (per
 * action, exit() printing nothing but remembering its status).
 */
#include "consume.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../codegen/dobj.h"
#include "../providers/provider.h"
#include "agg.h"
#include "fmt.h"
#include "options.h"
#include "spec.h"

/* Every value an action reads must lie inside the record. */
static bool vals_fit(const struct dact *a, size_t size)
{
	for (int i = 0; i < a->nvals; i++) {
		const struct dval *v = &a->vals[i];

		if ((uint64_t)v->offset + v->size > size)
			return false;
	}
	return true;
}

static int parse_formats(struct consumer *c, char *msg, size_t msglen)
{
	const struct dobj *obj = c->obj;

	c->fmts = arena_alloc(&c->arena, (obj->stmts.len + 1) *
				sizeof(*c->fmts));
	for (size_t i = 0; i < obj->stmts.len; i++) {
		const struct dstmt *st = &obj->stmts.data[i];

		c->fmts[i] = arena_alloc(&c->arena, ((size_t)st->nacts + 1) *
					 sizeof(**c->fmts));
		for (int j = 0; j < st->nacts; j++) {
			struct fmt *f = NULL;
			char err[256];

			if (st->acts[j].kind != DACT_PRINTF &&
			    st->acts[j].kind != DACT_SYSTEM &&
			    st->acts[j].kind != DACT_FREOPEN &&
			    !(st->acts[j].kind == DACT_PRINTA && st->acts[j].fmt))
				continue;
			if (fmt_parse(&c->arena, st->acts[j].fmt, &f, err,
				      sizeof(err)) < 0) {
				snprintf(msg, msglen, "dtrace: invalid printf "
					 "format \"%s\": %s", st->acts[j].fmt,
					 err);
				return -EINVAL;
			}
			c->fmts[i][j] = f;
		}
	}
	return 0;
}

int consume_init(struct consumer *c, const struct dobj *obj,
		 const struct probe_table *probes, const struct dopts *opts,
		 char *msg, size_t msglen)
{
	memset(c, 0, sizeof(*c));
	c->obj = obj;
	c->probes = probes;
	c->opts = opts;
	/* DTrace's testing mode: no CPU and ID columns, whose values
	 * vary from run to run (Oracle's dtrace(8) reads the variable) */
	c->testing = getenv("_DTRACE_TESTING") != NULL;
	agg_rt_init(&c->aggs, obj, opts);
	if (opts) {
		enum ofmt_style style = OFMT_TEXT;
		bool pretty = false;

		ofmt_parse(opts->oformat, &style, &pretty);
		ofmt_init(&c->xo, style, pretty, &c->out);
		if (style != OFMT_TEXT)
			c->aggs.xo = &c->xo;
	}
	return parse_formats(c, msg, msglen);
}

/* After exit(), only the rest of the exiting firing is kept. */
static bool after_exit(const struct consumer *c, const struct rec_hdr *h)
{
	if (!c->drop_after_exit)
		return false;
	return h->cpu != c->exit_cpu || h->prid != c->exit_prid ||
	       h->epid <= c->exit_epid;
}

static void probe_line(struct consumer *c, const struct rec_hdr *h)
{
	const struct probe *p = c->probes ? probes_get(c->probes, h->prid)
					  : NULL;

	if (!c->heading) {
		fmt_heading(&c->out, !c->testing);
		c->heading = true;
	}
	fmt_probe_line(&c->out, !c->testing, (int)h->cpu, h->prid,
		       p ? p->func : "", p ? p->name : "");
}

/* A setopt() that fails: dt_handle_liberr()'s message, as DTrace. */
static void setopt_error(struct consumer *c, const struct rec_hdr *h,
			 const struct dact *a)
{
	const struct probe *p;
	char msg[256];

	if (agg_rt_setopt_error(a, msg, sizeof(msg)) == 0)
		return;
	p = c->probes ? probes_get(c->probes, h->prid) : NULL;
	sb_printf(&c->err, "dtrace: error on enabled probe ID %u (ID %u: %s:%s:%s:%s): %s\n\n",
		  h->epid, h->prid, p ? p->provname : "", p ? p->mod : "",
		  p ? p->func : "", p ? p->name : "", msg);
}

/*
 * setopt() with arguments computed at run time: *out is the action with
 * its name and value read from the record (freed by the caller).
 */
static void setopt_args(const struct dact *a, const void *data,
			struct dact *out)
{
	char *s[2] = { NULL, NULL };

	for (int i = 0; i < a->nvals && i < 2; i++) {
		const char *p = (const char *)data + a->vals[i].offset;

		s[i] = strndup(p, strnlen(p, a->vals[i].size));
	}
	*out = *a;
	out->optname = s[0] ? s[0] : "";
	out->optval = s[1];
	out->nvals = 0;
}

/* setopt("switchrate", ...): taken up by the session's read loop */
static void setopt_switchrate(struct consumer *c, const struct dact *a)
{
	struct dopts o;
	char msg[128];

	if (strcmp(a->optname, "switchrate") != 0)
		return;
	dopts_init(&o);
	/* a bad value is reported with the other options' (agg_act.c) */
	if (dopts_set(&o, a->optname, a->optval, msg, sizeof(msg)) == 0 &&
	    o.switchrate)
		c->switchrate_set = o.switchrate;
	dopts_free(&o);
}

static void do_setopt(struct consumer *c, const struct rec_hdr *h,
		      const struct dact *a, const struct fmt *f,
		      const void *data)
{
	struct dact run;

	if (a->nvals)
		setopt_args(a, data, &run);
	else
		run = *a;
	setopt_error(c, h, &run);
	consume_print_setopt(c, &run);
	setopt_switchrate(c, &run);
	agg_rt_action(&c->aggs, &c->out, &c->err, &run, f, data, c->syms);
	if (a->nvals) {
		free((char *)run.optname);
		free((char *)run.optval);
	}
}

static void run_action(struct consumer *c, const struct rec_hdr *h,
		       const struct dact *a, const struct fmt *f,
		       const void *data)
{
	int32_t status;

	/* (tracemem() and print() know structured output themselves) */
	if (consume_xo_on(c) && (a->kind == DACT_TRACE ||
				 a->kind == DACT_PRINTF)) {
		consume_xo_action(c, a, f, data);
		return;
	}
	switch (a->kind) {
	case DACT_TRACE:
		if (c->opts->rawbytes && (a->vals[0].kind == DV_STRING ||
					  a->vals[0].kind == DV_BYTES)) {
			/* -x rawbytes: every byte record as a hex dump */
			fmt_bytes(&c->out, (const char *)data + a->vals[0].offset,
				  a->vals[0].size, -33, c->opts->quiet, true,
				  FMT_TEXT_RAW);
			break;
		}
		fmt_trace_syms(&c->out, &a->vals[0], data, c->opts->quiet,
			       c->syms);
		break;
	case DACT_TRACEMEM:
		consume_tracemem(c, a, data);
		break;
	case DACT_PRINT:
		consume_print(c, a, data);
		break;
	case DACT_PCAP:
		consume_pcap(c, a, data);
		break;
	case DACT_PRINTF:
		fmt_printf_syms(&c->out, f, a->vals, a->nvals, data, c->syms);
		break;
	case DACT_SYSTEM: case DACT_FREOPEN: case DACT_FTRUNCATE:
		destr_run(c, a, f, data);
		break;
	case DACT_EXIT:
		memcpy(&status, (const char *)data + a->vals[0].offset,
		       sizeof(status));
		c->status = status;
		if (!c->exited) {
			c->exited = true;
			c->drop_after_exit = true;
			c->exit_cpu = h->cpu;
			c->exit_prid = h->prid;
			c->exit_epid = h->epid;
		}
		break;
	case DACT_SETOPT:
		do_setopt(c, h, a, f, data);
		break;
	case DACT_PRINTA: case DACT_TRUNC: case DACT_CLEAR:
	case DACT_NORMALIZE: case DACT_DENORMALIZE:
		c->aggs.flush = c->hooks ? c->hooks->flush : NULL;
		c->aggs.flush_arg = c->hooks_arg;
		agg_rt_action(&c->aggs, &c->out, &c->err, a, f, data, c->syms);
		break;
	}
}

static const char *const fault_names[] = {
	[DFLT_NONE] = "no fault",
	[DFLT_BADADDR] = "invalid address",
	[DFLT_BADALIGN] = "invalid alignment",
	[DFLT_ILLOP] = "illegal operation",
	[DFLT_DIVZERO] = "divide-by-zero",
	[DFLT_NOSCRATCH] = "out of scratch space",
	[DFLT_KPRIV] = "invalid kernel access",
	[DFLT_UPRIV] = "invalid user access",
	[DFLT_TUPOFLOW] = "tuple stack overflow",
	[DFLT_BADSTACK] = "bad stack",
	[DFLT_BADSIZE] = "invalid size",
	[DFLT_BADINDEX] = "index out of bounds",
};

/* DTrace's dt_handle_err() message for a fault record. */
static int fault_record(struct consumer *c, const struct rec_hdr *h,
			const void *data, size_t size)
{
	const struct probe *p;
	struct rec_fault f;

	if (size < sizeof(*h) + sizeof(f))
		return -EINVAL;
	memcpy(&f, (const char *)data + sizeof(*h), sizeof(f));
	if (after_exit(c, h))
		return 0;
	p = c->probes ? probes_get(c->probes, h->prid) : NULL;
	if (p && !strcmp(p->provname, "dtrace") && !strcmp(p->name, "ERROR")) {
		c->dblerrors++;	/* as DTrace: counted, ERROR not refired */
		return 0;
	}
	size_t start = c->err.len;
	char prov[64];

	sb_printf(&c->err, "dtrace: error on enabled probe ID %u (ID %u: %s:%s:%s:%s): %s",
		  f.epid, h->prid, p ? uwide_provname(p, f.pid != 0, (int)f.pid,
						      prov, sizeof(prov)) : "",
		  p ? p->mod : "",
		  p ? p->func : "", p ? p->name : "",
		  f.fault < sizeof(fault_names) / sizeof(fault_names[0]) ?
		  fault_names[f.fault] : "unknown fault");
	if (f.fault == DFLT_BADADDR || f.fault == DFLT_BADALIGN ||
	    f.fault == DFLT_KPRIV || f.fault == DFLT_UPRIV ||
	    f.fault == DFLT_BADSIZE)
		sb_printf(&c->err, " (0x%llx)", (unsigned long long)f.addr);
	else if (f.fault == DFLT_BADINDEX)	/* as Oracle's DTrace */
		sb_printf(&c->err, " (%lld)", (long long)f.addr);
	if (f.action)
		sb_printf(&c->err, " in action #%u", f.action);
	else
		sb_adds(&c->err, " in predicate");
	if (f.pc != REC_FAULT_NOPC)
		sb_printf(&c->err, " at DIF offset %u", f.pc);
	sb_adds(&c->err, "\n");
	if (consume_xo_on(c))	/* the message without "dtrace: " */
		consume_xo_fault(c, h, &f, f.fault < sizeof(fault_names) /
				 sizeof(fault_names[0]) ?
				 fault_names[f.fault] : "unknown fault",
				 sb_str(&c->err) + start + 8);
	/* the faulting program fired ERROR itself (cg_error.c) */
	c->fault_pending = h->spec != REC_FAULT_FIRED;
	c->fault_prid = h->prid;
	c->fault_args[0] = 0;
	c->fault_args[1] = h->prid;	/* as DTrace for Linux: cg_error.c */
	c->fault_args[2] = f.clause;
	/* DTrace's arg3 is -1 where the fault has no DIF offset */
	c->fault_args[3] = f.pc == REC_FAULT_NOPC ? (uint64_t)-1 : f.pc;
	c->fault_args[4] = f.fault;
	c->fault_args[5] = f.addr;
	return 0;
}

int consume_record(struct consumer *c, const void *data, size_t size)
{
	const struct dstmt *st;
	struct rec_hdr h;
	size_t idx;

	if (size < sizeof(h))
		return -EINVAL;
	memcpy(&h, data, sizeof(h));
	if (h.epid == REC_EPID_FAULT)
		return fault_record(c, &h, data, size);
	if (h.epid == REC_EPID_SPEC)
		return spec_control(c, data, size);
	idx = (size_t)h.epid - 1;
	if (h.epid == 0 || idx >= c->obj->stmts.len)
		return -EINVAL;
	st = &c->obj->stmts.data[idx];
	if (size < st->size)
		return -EINVAL;
	for (int i = 0; i < st->nacts; i++)
		if (!vals_fit(&st->acts[i], size) ||
		    (st->acts[i].kind != DACT_PRINTF && !destr_act(st->acts[i].kind) &&
		     !agg_rt_is_action(st->acts[i].kind) &&
		     st->acts[i].nvals < 1))
			return -EINVAL;
	if (h.spec)	/* printed when (if) its speculation is committed */
		return spec_hold(c, h.spec, data, size);
	if (after_exit(c, &h))
		return 0;
	/* with if/else, only the actions whose bits are set ran */
	uint64_t ran = ~0ULL;

	if (st->cond_mask) {
		if (size < rec_body_off(consume_xo_on(c)) + sizeof(ran))
			return -EINVAL;
		memcpy(&ran, (const char *)data +
		       rec_body_off(consume_xo_on(c)), sizeof(ran));
	}
	if (consume_xo_on(c))
		consume_xo_probe(c, &h, data, size);
	else if (c->opts->flowindent)	/* even when quiet, as chew() does */
		consume_flow_line(c, &h);
	else if (!c->opts->quiet)
		probe_line(c, &h);
	for (int i = 0; i < st->nacts; i++)
		if (i >= 64 || (ran >> i & 1))
			run_action(c, &h, &st->acts[i], c->fmts[idx][i], data);
	if (consume_xo_on(c))
		consume_xo_probe_end(c);
	else if (!c->opts->quiet)
		sb_addc(&c->out, '\n');
	return 0;
}

void consume_accept_all(struct consumer *c)
{
	c->drop_after_exit = false;
}

void consume_free(struct consumer *c)
{
	if (!c)
		return;
	spec_free(c);
	consume_pcap_free(c);
	sb_free(&c->out);
	sb_free(&c->err);
	arena_free(&c->arena);
	agg_rt_free(&c->aggs);
	free(c->flow_indents);
	c->flow_indents = NULL;
	c->fmts = NULL;
}

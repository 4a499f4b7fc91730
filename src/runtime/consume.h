/*
 * The record consumer: turns the ring-buffer records a D program writes
 * into DTrace's output text, as dtrace(1M)'s chew()/chewrec() and
 * libdtrace's dt_consume.c do.  It is independent of the kernel (records
 * are bytes in, text out), so it is tested with synthetic records.
 */
#ifndef BD_CONSUME_H
#define BD_CONSUME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../lib/arena.h"
#include "../lib/strbuf.h"
#include "agg.h"
#include "ofmt.h"

struct dobj;
struct dopts;
struct probe_table;
struct fmt;
struct fmt_syms;

struct consumer {
	const struct dobj *obj;
	const struct probe_table *probes;	/* for probe names; may be NULL */
	const struct dopts *opts;
	struct arena arena;		/* parsed printf formats */
	const struct fmt ***fmts;	/* [stmt][act]: parsed printf format */
	struct strbuf out;		/* output not yet written out */
	struct strbuf err;		/* messages (faults) for stderr */
	/* -x oformat: the structured document written to out
	 * (consume_xo.c); style OFMT_TEXT: dtrace(1)'s text */
	struct ofmt xo;
	bool heading;			/* the column heading was printed */
	bool testing;			/* _DTRACE_TESTING: no CPU, ID columns */
	/* exit(): its status, and the firing it came from */
	bool exited;
	int status;
	bool drop_after_exit;		/* ignore other firings' records */
	uint32_t exit_cpu, exit_prid, exit_epid;
	/* names addresses in stacks, sym(), %a ... (NULL: raw); the
	 * session sets it */
	const struct fmt_syms *syms;
	struct agg_rt aggs;		/* printa(), clear() ... (agg_act.c) */
	/*
	 * The last fault record consumed, for the session to fire the
	 * ERROR probe with: its arguments (arg0 .. arg5) and the probe of
	 * the faulting firing.  The session clears fault_pending.
	 */
	bool fault_pending;
	uint32_t fault_prid;
	uint64_t fault_args[6];
	/* faults in ERROR's own clauses: DTrace's dblerrors, not reported
	 * one by one ("N errors in ERROR probe enabling") */
	uint64_t dblerrors;
	/* speculative records held until commit or discard (spec.c) */
	struct spec_set *spec;
	/* what the consumer cannot do itself; any may be NULL (no-op) */
	const struct consume_hooks *hooks;
	void *hooks_arg;
	/* -F: indentation per CPU and the last record's clause and probe
	 * (consume_flow.c) */
	int *flow_indents;
	size_t flow_ncpu;
	uint32_t flow_last_epid, flow_last_prid;
	/* print(): printsize as setopt() last set it (consume_print.c) */
	bool printsize_set;
	uint64_t printsize;
	/* switchrate as setopt() last set it, for the session to take up
	 * (0: not set since) */
	uint64_t switchrate_set;
	/* pcap(): the file freopen() sends the output to (NULL: the
	 * original output), the capture files written, the capture tshark
	 * decodes (or whether tshark could not be run), and the wall-clock
	 * time at boot (pcap.c) */
	char *out_path;
	struct pcap_file *pcaps;
	struct pcap_file *pcap_pipe;
	bool pcap_no_tshark;
	int64_t pcap_wall;
};

struct consume_hooks {
	/* destructive actions (destr.c), after c->out was written out */
	int (*system)(void *arg, const char *cmd);
	int (*freopen)(void *arg, const char *path);
	int (*ftruncate)(void *arg);
	/* speculation id was committed or discarded: free it */
	void (*spec_done)(void *arg, uint32_t id);
	/* c->out written out now: a printa() of many rows writes as it
	 * goes (runtime/agg_act.c) */
	int (*flush)(void *arg);
};

/*
 * Prepare to consume obj's records.  Parses every printf format once;
 * 0, or -EINVAL with "dtrace: ..." in msg if a format does not parse.
 */
int consume_init(struct consumer *c, const struct dobj *obj,
		 const struct probe_table *probes, const struct dopts *opts,
		 char *msg, size_t msglen);

/*
 * Consume one record (a struct rec_hdr and its statement's data),
 * appending its output to c->out.  0, or -EINVAL for a record that does
 * not match its statement (bad epid, too short), which prints nothing.
 * A fault record appends DTrace's "error on enabled probe" message to
 * c->err and sets c->fault_pending with the ERROR probe's arguments.  After an exit() record, records of later firings are ignored until
 * consume_accept_all(): DTrace stops tracing at exit().
 */
int consume_record(struct consumer *c, const void *data, size_t size);

/* Accept every record again (before firing END). */
void consume_accept_all(struct consumer *c);

void consume_free(struct consumer *c);

/* -F: the heading (once) and the record's indented probe line. */
struct rec_hdr;
void consume_flow_line(struct consumer *c, const struct rec_hdr *h);
/* tracemem(): its bytes as a hex dump (consume_flow.c) */
struct dact;
void consume_tracemem(struct consumer *c, const struct dact *a,
		      const void *data);
/* n bytes as tracemem() prints them (consume_flow.c) */
void consume_hexdump(struct consumer *c, const void *p, size_t n);
/* pcap(): the packet to the capture file freopen() named, or to tshark,
 * or as bytes (pcap.c); consume_pcap_output() follows freopen();
 * consume_pcap_poll() adds the lines tshark has printed to out, and
 * consume_pcap_finish() ends its capture and adds its last ones */
void consume_pcap(struct consumer *c, const struct dact *a, const void *data);
void consume_pcap_output(struct consumer *c, const char *path);
void consume_pcap_poll(struct consumer *c);
void consume_pcap_finish(struct consumer *c);
void consume_pcap_free(struct consumer *c);
/* print(): the typed object (consume_print.c) */
void consume_print(struct consumer *c, const struct dact *a,
		   const void *data);
/* setopt("printsize", ...) takes effect for the print()s after it */
void consume_print_setopt(struct consumer *c, const struct dact *a);

/* ------------------------------------------------------------------ */
/* -x oformat (consume_xo.c) */

bool consume_xo_on(const struct consumer *c);
/* the document's start and end: {"dtrace": {"probes": [ ... ]}} */
void consume_xo_begin(struct consumer *c);
void consume_xo_end(struct consumer *c);
/* a record's probe object, open for its "output" list, and its end */
void consume_xo_probe(struct consumer *c, const struct rec_hdr *h,
		      const void *data, size_t size);
void consume_xo_probe_end(struct consumer *c);
/* trace() or printf() as elements of "output" */
void consume_xo_action(struct consumer *c, const struct dact *a,
		       const struct fmt *f, const void *data);
/* dtrace:INTERNAL:INTERNAL:AGGREGATIONS, open for its "output": the
 * aggregations listed at exit (close with consume_xo_probe_end) */
void consume_xo_aggs_begin(struct consumer *c);
/* dtrace:INTERNAL:INTERNAL:DROP: count drops of DTRACEDROP_* kind */
void consume_xo_drop(struct consumer *c, int cpu, int kind, uint64_t count,
		     uint64_t total, const char *msg);
/* dtrace:INTERNAL:INTERNAL:ERROR: a fault, with DTrace's message */
struct rec_fault;
void consume_xo_fault(struct consumer *c, const struct rec_hdr *h,
		      const struct rec_fault *f, const char *fault,
		      const char *msg);

#endif

/*
 * Output formatting: DTrace's printf() conversions, trace() records,
 * the probe lines of the default output, and aggregations (fmt_agg.c).
 * Everything here is a pure function from recorded bytes (described by
 * struct dval, see codegen/dobj.h) to text appended to a strbuf, so it
 * is tested without a kernel.  The text is DTrace's, byte for byte
 * (libdtrace dt_printf.c, dt_consume.c, dtrace.c), quirks included; the
 * quirks kept on purpose are noted where they are implemented.
 *
 * The printf parser is shared by the compiler (argument checking, with
 * DTrace's messages) and the runtime (formatting).
 *
 * Aggregation value layouts (what struct agg_entry.val points to, merged
 * over CPUs; all little-endian 64-bit words):
 *	count, sum:	int64_t
 *	avg:		{ uint64_t count; int64_t sum; }
 *	min, max:	{ uint64_t count; int64_t value; }   (count 0: unset)
 *	stddev:		{ uint64_t count; int64_t sum;
 *			  uint64_t sumsq_lo, sumsq_hi; }     (128-bit sum of x*x)
 *	quantize:	int64_t[FMT_QUANTIZE_NBUCKETS]; bucket 63 counts 0,
 *			bucket 63+k counts [2^(k-1), 2^k), 63-k the negatives
 *	lquantize:	int64_t[levels + 2]: below base, levels buckets of
 *			step, at or above limit; params = { base, limit, step }
 *			and levels = (limit - base) / step
 *	llquantize:	int64_t[fmt_llquantize_nbins(params)]; params =
 *			{ factor, low, high, nsteps }; Oracle's layout, in
 *			order of value from the negative overflow bucket to
 *			the positive one, |value| < factor^low in the middle
 *			(fmt_llquant.c)
 */
#ifndef BD_FMT_H
#define BD_FMT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../codegen/dobj.h"
#include "../compile/diag.h"
#include "../lib/arena.h"
#include "../lib/strbuf.h"

/* conversion flags, as written in the format */
enum {
	FMT_F_ALT = 1 << 0,	/* # */
	FMT_F_ZPAD = 1 << 1,	/* 0 */
	FMT_F_LEFT = 1 << 2,	/* - */
	FMT_F_SPOS = 1 << 3,	/* + */
	FMT_F_GROUP = 1 << 4,	/* ' */
	FMT_F_SPACE = 1 << 5,	/* ' ' */
	FMT_F_DYNWIDTH = 1 << 6,	/* * width, from an argument */
	FMT_F_DYNPREC = 1 << 7,	/* .* precision, from an argument */
	FMT_F_AGG = 1 << 8,	/* @: the aggregation value (printa) */
};

/* how a conversion prints its value (DTrace's pfprint_* families) */
enum fmt_cvt {
	FC_SINT,	/* signed integer: %hd %ld %lld %c ... */
	FC_UINT,	/* unsigned: %u %o %x %X %p %hx ... */
	FC_DINT,	/* %d %i: signed or unsigned as the argument is */
	FC_FLOAT,	/* %e %E %f %g %G (an integer value is converted) */
	FC_STR,		/* %s */
	FC_ESTR,	/* %S: C escapes */
	FC_ECHR,	/* %C: one char, C escapes */
	FC_ADDR,	/* %a: kernel address (symbol) */
	FC_UADDR,	/* %A: user address */
	FC_STACK,	/* %k */
	FC_TIME,	/* %Y: "2026 Nov 21 12:34:56" */
	FC_TIME822,	/* %T: RFC 822 */
	FC_WIDE,	/* %ls %ws %lc %wc: wide characters, not supported */
	FC_PCT,		/* %% */
};

/* One conversion with the literal text before it. */
struct fmt_conv {
	const char *prefix;	/* literal text before the '%' */
	size_t preflen;
	unsigned flags;		/* FMT_F_* */
	int width, prec;	/* 0: none (DTrace ignores an explicit 0) */
	char name[8];		/* conversion as written, without flags: "lld" */
	char ofmt;		/* printf(3) conversion used for output */
	enum fmt_cvt cvt;
	const char *proto;	/* DTrace's prototype text, for messages */
	int argi;		/* first argument it consumes; -1 for %% */
};

/* A parsed format: conversions in order, then the trailing literal. */
struct fmt {
	const char *format;
	struct fmt_conv *convs;
	int nconvs;		/* %% included: DTrace numbers them too */
	const char *tail;
	size_t taillen;
	int nargs;		/* arguments consumed, * included, %@ not */
};

/*
 * Parse a printf format.  0, or -1 with DTrace's message in err, e.g.
 * "format conversion #2 is undefined: %r"; the compiler reports it as
 * D_SYNTAX, as DTrace does.  The format must outlive *out.
 */
int fmt_parse(struct arena *a, const char *format, struct fmt **out,
	      char *err, size_t errlen);

/* Arguments the format consumes, * widths and precisions included. */
int fmt_nargs(const struct fmt *f);

/* The conversion that consumes argument argi (NULL if none). */
const struct fmt_conv *fmt_arg_conv(const struct fmt *f, int argi);

/* Does argument argi give a * width or precision (rather than a value)? */
bool fmt_arg_is_dyn(const struct fmt *f, int argi);

/* What an argument is, for the compiler's checks. */
enum fmt_argkind {
	FA_INT,		/* any integer type (size, is_signed) */
	FA_STRING,	/* string or char array */
	FA_PTR,		/* pointer */
	FA_FLOAT,	/* float, double, long double */
	FA_STACK,	/* stack() / ustack() */
	FA_SYMADDR,	/* _symaddr (sym(), func()) */
	FA_USYMADDR,	/* _usymaddr (usym(), ufunc()) */
	FA_AGG,		/* an aggregation */
	FA_OTHER,	/* struct, union, void ... */
};

struct fmt_arg {
	enum fmt_argkind kind;
	uint32_t size;		/* bytes, for FA_INT; 0: unknown (any) */
	bool is_signed;
	const char *tname;	/* its D type name, for messages; NULL: by kind */
};

/*
 * Check argument argi against its conversion, as dt_printf_validate()
 * does (one argument).  func names the action ("printf", "printa" ...) and foff is the
 * number of arguments before the first one the format consumes (1 for
 * printf, whose format is argument #1).  0, or -1 with *tag
 * (D_PRINTF_ARG_TYPE or D_PRINTF_DYN_TYPE) and DTrace's message, e.g.
 *	printf( ) argument #2 is incompatible with conversion #1 prototype:
 *		conversion: %d
 *		 prototype: char, short, int, long, or long long
 *		  argument: string
 * (no trailing newline).  An argument beyond the format is not checked.
 */
int fmt_arg_check(const struct fmt *f, int argi, const struct fmt_arg *arg,
		  const char *func, int foff, enum dtag *tag,
		  char *err, size_t errlen);

/* The same for a printf() argument known only by its kind. */
bool fmt_arg_ok(const struct fmt *f, int argi, enum fmt_argkind kind,
		char *err, size_t errlen);

/*
 * The whole check of a printf()-like call with nargs arguments after the
 * format, in DTrace's order, so the first problem reported is DTrace's:
 * D_PRINTF_FMT_EMPTY, D_PRINTF_DYN_PROTO, D_PRINTF_DYN_TYPE,
 * D_PRINTF_AGG_CONV (%@ outside printa), D_PRINTF_ARG_PROTO,
 * D_PRINTF_ARG_TYPE and, with exact (printf), D_PRINTF_ARG_EXTRA.
 * args may be NULL to check the count alone.  0, or -1 with *tag and
 * the message.
 */
int fmt_check_args(const struct fmt *f, const struct fmt_arg *args,
		   int nargs, const char *func, int foff, bool is_printa,
		   bool exact, enum dtag *tag, char *err, size_t errlen);

/*
 * Format with the recorded values: vals[i] describes argument i inside
 * data.  Appends to out.  0, or -EINVAL when the values do not match
 * the format (text up to the mismatch is appended).
 */
int fmt_printf(struct strbuf *out, const struct fmt *f,
	       const struct dval *vals, int nvals, const void *data);

/*
 * printa() with a format, for one aggregation entry: conversions take
 * the keys in order, %@ conversions the value (avg and stddev computed,
 * a histogram drawn).  0 or -EINVAL.
 */
struct agg_entry;
int fmt_printa(struct strbuf *out, const struct fmt *f,
	       const struct dagg *agg, const struct agg_entry *e);
/*
 * printa() of naggs aggregations with one format, for one joined key:
 * the keys are e's (laid out as aggs[0]'s), each %@ takes the value of
 * the next aggregation (vals[i] of aggs[i]; past the last, the last
 * again, as DTrace's dt_printf_format()).  0 or -EINVAL.
 */
int fmt_printa_multi(struct strbuf *out, const struct fmt *f,
		     const struct dagg *const *aggs, const void *const *vals,
		     int naggs, const struct agg_entry *e);

/*
 * How text from the traced system (strings, %c characters, symbol and
 * module names) is written (fmt_text.c): control characters escaped,
 * as they are (-x rawstrings), or as single-quoted shell words (the
 * values in system()'s command line).
 */
enum fmt_text {
	FMT_TEXT_SAFE,
	FMT_TEXT_RAW,
	FMT_TEXT_SHELL,
};

/* Length of the valid UTF-8 sequence at s (at most n bytes), 0 if none. */
size_t fmt_utf8_len(const unsigned char *s, size_t n);

/* Append s[0 .. n) in mode. */
void fmt_text(struct strbuf *out, const char *s, size_t n, enum fmt_text mode);

/*
 * trace(): one recorded value as Oracle's dtrace(1) prints a DIFEXPR
 * record: integers by size and signedness (" %19lld" or " %20llu",
 * " %10d", " %5d", " %3d"; plain when quiet), strings ("  %-33s"; plain
 * when quiet), the bytes of anything else (struct, union, array) as a
 * hex dump.
 */
void fmt_trace(struct strbuf *out, const struct dval *v, const void *data,
	       bool quiet);
/* The same, strings written in mode (fmt_trace() makes them safe). */
void fmt_trace_text(struct strbuf *out, const struct dval *v,
		    const void *data, bool quiet, enum fmt_text mode);

/* The recorded integer v: zero- or sign-extended from its size. */
uint64_t fmt_val_uint(const struct dval *v, const void *data);
int64_t fmt_val_sint(const struct dval *v, const void *data);

/* fmt_float.c: a DV_FLOAT record (4 or 8 bytes) as a double */
double fmt_float_value(const struct dval *v, const void *data);
/* fmt_float.c: a 16-byte DV_FLOAT record (x86-64's 80-bit format) */
long double fmt_ldouble_value(const struct dval *v, const void *data);

/*
 * DTrace's dt_print_bytes(): a printable, NUL-terminated byte range as a
 * string padded to width (negative: left-justified), anything else as a
 * hex dump.  Shared by trace(), tracemem() and aggregation keys.
 */
void fmt_bytes(struct strbuf *out, const void *p, size_t n, int width,
	       bool quiet, bool forceraw, enum fmt_text mode);

/* Would fmt_bytes() print these bytes as a string (*len long)? */
bool fmt_bytes_text(const void *p, size_t n, size_t *len);

/*
 * print(): the object of type t at addr, its first size bytes recorded
 * in data, in Oracle DTrace's btf_dump style (runtime/fmt_type.c);
 * names: the script's enumerators (struct dname, compile/types.h).
 */
struct dtype;
struct dname;
void fmt_print_type(struct strbuf *out, uint64_t addr, const struct dtype *t,
		    const void *data, size_t size, const struct dname *names);

/* %S: s[0 .. n) with C escapes, stopping after a NUL (as DTrace does). */
void fmt_escape(struct strbuf *out, const char *s, size_t n);

/*
 * The default output's heading and the start of a probe's line; without
 * cols (DTrace's testing mode, _DTRACE_TESTING), the CPU and ID columns
 * are left out.
 */
void fmt_heading(struct strbuf *out, bool cols);	/* "CPU     ID ..." */
void fmt_probe_line(struct strbuf *out, bool cols, int cpu, uint32_t id,
		    const char *func, const char *name);
/* The same with -F (flowindent); prefix is "-> ", "<- " or "| ". */
void fmt_flow_heading(struct strbuf *out, bool cols);
void fmt_flow_line(struct strbuf *out, bool cols, int cpu, int indent,
		   const char *prefix, const char *func, const char *name);

/* ------------------------------------------------------------------ */
/* Symbols: stacks, sym() and the like, %a %A %k (fmt_sym.c) */

struct fmt_symbol {
	const char *module;	/* "vmlinux", "libc.so.6" ... */
	const char *name;	/* NULL: inside module but no symbol */
	uint64_t value;		/* the symbol's address */
	uint64_t base;		/* user: where the module starts */
};


/*
 * How the formatters name addresses: the runtime's symbol tables behind
 * two callbacks (0 with *out filled in, or -1 when nothing is known).
 * A NULL struct fmt_syms prints every address raw.
 */
struct fmt_syms {
	void *ctx;
	int (*kaddr)(void *ctx, uint64_t addr, struct fmt_symbol *out);
	int (*uaddr)(void *ctx, uint64_t pid, uint64_t addr,
		     struct fmt_symbol *out);
	int stackindent;	/* stack() frames' indentation */
	uint64_t target;	/* -p/-c's process: %A of a plain address */
	enum fmt_text text;	/* traced text: FMT_TEXT_SAFE unless asked */
	bool noresolve;		/* -x noresolve: user addresses unnamed */
};

/*
 * The mode for value v (NULL: a symbol or other derived text): the
 * script's string constants raw, else syms's (safe without syms).
 */
enum fmt_text fmt_text_mode(const struct fmt_syms *syms, const struct dval *v);

/*
 * DTrace's dtrace_addr2str() (user: dtrace_uaddr2str()): "mod`sym+0x1c",
 * "mod`sym" at its start, "mod`0x..." without a symbol, else "0x...".
 */
void fmt_addr2str(struct strbuf *out, const struct fmt_syms *syms,
		  bool user, uint64_t pid, uint64_t addr);

/* Is v one of the symbolic kinds (DV_STACK ... DV_UADDR)? */
bool fmt_is_symval(const struct dval *v);

/*
 * A symbolic value as dtrace(1) prints it in a record or an aggregation
 * key (dt_print_stack(), dt_print_sym() ...): stacks one frame a line
 * after a newline, indented by stackindent; the others "  %-50s".
 */
int fmt_symval(struct strbuf *out, const struct dval *v, const void *data,
	       const struct fmt_syms *syms);

/* The same without the padding, for the non-stack kinds alone. */
int fmt_symval_str(struct strbuf *out, const struct dval *v, const void *data,
		   const struct fmt_syms *syms);

/* syms's symbol for a kernel (user: pid's) address: 0, or -1. */
int fmt_sym_lookup(const struct fmt_syms *syms, bool user, uint64_t pid,
		   uint64_t addr, struct fmt_symbol *s);

/*
 * %k: a stack with the conversion's printf format for each frame;
 * indent frames by indent.  0 or -EINVAL.
 */
int fmt_stack(struct strbuf *out, const struct dval *v, const void *data,
	      const struct fmt_syms *syms, const char *format, int indent);

/* fmt_trace() and fmt_printf() naming addresses with syms. */
void fmt_trace_syms(struct strbuf *out, const struct dval *v,
		    const void *data, bool quiet, const struct fmt_syms *syms);
int fmt_printf_syms(struct strbuf *out, const struct fmt *f,
		    const struct dval *vals, int nvals, const void *data,
		    const struct fmt_syms *syms);

/* ------------------------------------------------------------------ */
/* Aggregations (fmt_agg.c) */

#define FMT_QUANTIZE_NBUCKETS	127
#define FMT_QUANTIZE_ZERO	63

struct agg_entry {
	const void *key;	/* agg->tuple_size + 8 bytes, keys at
				 * agg->keys[i] */
	const void *mkey;	/* the map's key (agg->key_size bytes): the
				 * same unless agg->kkeys (runtime/agg.c) */
	const void *val;	/* the merged value, layout above */
	const struct fmt_syms *syms;	/* names stack and sym() keys; may
					 * be NULL (raw addresses) */
	const void *percpu;	/* aggpercpu: ncpu values, merged layout, one
				 * per CPU in CPU order; NULL without it */
	int ncpu;
};

/* Value of quantize() bucket b (its lower bound). */
int64_t fmt_quantize_bucket_value(int b);
/*
 * fmt_llquant.c: llquantize() for params {factor, low, high, nsteps}:
 * the number of buckets, the middle one's index (|value| < factor^low),
 * the sum DTrace sorts by (each bucket's count times its lower bound,
 * negative for the negative buckets), and the labels of the buckets
 * (FMT_LL_LABEL bytes each, "" for a bucket no integer reaches; first:
 * the first bucket printed, which words the middle one's label), to be
 * freed by the caller (NULL when out of memory).
 */
#define FMT_LL_LABEL	32
int fmt_llquantize_nbins(const int64_t params[4]);
int fmt_llquantize_zero_bin(const int64_t params[4]);
long double fmt_llquantize_sum(const int64_t params[4], const int64_t *data);
char *fmt_llquantize_labels(const int64_t params[4], int first);
/*
 * The rows of a quantize(), lquantize() or llquantize() value as
 * dtrace(1) shows them: the buckets in range (one empty bucket either
 * side of those with data), each with its label ("64", "< 0", ">= 100",
 * "abs() < 10") and count.  Returns the number of rows, *rows to be
 * freed by the caller; -1 (out of memory, or not a histogram).
 */
struct fmt_hist_row {
	char label[FMT_LL_LABEL];
	int64_t count;
};
int fmt_hist_rows(const struct dagg *agg, const void *val,
		  struct fmt_hist_row **rows);
/* stddev() of a merged value (DTrace's integer arithmetic). */
uint64_t fmt_stddev(const void *val);
/* Size in bytes of one merged value of agg (the layouts above). */
size_t fmt_agg_value_size(const struct dagg *agg);

/*
 * printa(@agg) without a format: a blank line, then one line per entry
 * in the order given (keys by type, then the value), as DTrace does.
 */
void fmt_agg_print(struct strbuf *out, const struct dagg *agg,
		   const struct agg_entry *entries, size_t n);
/*
 * The entries alone, as dtrace(1) prints the aggregations not yet
 * printed at exit: after one "\n" (printed even when quiet), each
 * aggregation in id order, without a blank line between them.
 */
void fmt_agg_print_entries(struct strbuf *out, const struct dagg *agg,
			   const struct agg_entry *entries, size_t n);
/* One entry: its keys, its value and "\n" (a histogram, then "\n"). */
void fmt_agg_print_entry(struct strbuf *out, const struct dagg *agg,
			 const struct agg_entry *e);
/*
 * With aggpercpu (e->percpu), each CPU's value after the entry's value,
 * as Oracle's DTrace prints them: "\n    [CPU N]" and the value.
 */
void fmt_agg_print_percpu(struct strbuf *out, const struct dagg *agg,
			  const struct agg_entry *e);
/* The keys alone, as fmt_agg_print_entry() prints them. */
void fmt_agg_print_keys(struct strbuf *out, const struct dagg *agg,
			const struct agg_entry *e);
/* aggzoom: scale histogram bars to the highest bucket (fmt_agg.c). */
void fmt_agg_set_zoom(bool on);
/* agghist: count() and sum() printed as histograms (fmt_agg.c). */
void fmt_agg_set_hist(bool on);
/* Does agghist print agg as one histogram of all its entries? */
bool fmt_agg_hist_on(const struct dagg *agg);
/* The value alone, as printa's %@ or the default output print it. */
void fmt_agg_print_value(struct strbuf *out, const struct dagg *agg,
			 const void *val);

/*
 * Sort entries as DTrace does: by value, ties by key (integer keys
 * compared unsigned, strings bytewise); with sortkey by key only, keys
 * compared from key sortkeypos on (wrapping); sortrev reverses the
 * result.  sortpos picks the aggregation to sort by in a printa() of
 * several; with one aggregation it has no effect.
 */
void fmt_agg_sort(const struct dagg *agg, struct agg_entry *entries,
		  size_t n, bool sortkey, bool sortrev, int sortpos,
		  int sortkeypos);

/* ------------------------------------------------------------------ */
/* -x aggfold: folded stacks for flame graphs (fmt_fold.c) */

/* Is agg keyed by a stack, with one value (count, sum, min, max, avg)? */
bool fmt_fold_applies(const struct dagg *agg);
/* One entry as a folded stack: "root;...;leaf VALUE\n". */
void fmt_fold_entry(struct strbuf *out, const struct dagg *agg,
		    const struct agg_entry *e);

/* ------------------------------------------------------------------ */
/* Structured output, -x oformat (fmt_xo.c; the emitter is ofmt.h) */

struct ofmt;
/* One recorded value as the fields of the object being built. */
void fmt_xo_datum(struct ofmt *o, const struct dval *v, const void *data,
		  const struct fmt_syms *syms);
/* tracemem(): its bytes as hex */
void fmt_xo_tracemem(struct ofmt *o, const void *p, size_t n);
/* An aggregation's value fields: "count": N ... or "buckets": [...] */
void fmt_xo_agg_value(struct ofmt *o, const struct dagg *agg,
		      const void *val);
/* One entry: {"keys": [...], value fields[, "message"]} (f: printa's) */
void fmt_xo_agg_entry(struct ofmt *o, const struct dagg *agg,
		      const struct agg_entry *e, const struct fmt *f);
/* "aggregation-name" and "aggregation-data" of n entries */
void fmt_xo_agg(struct ofmt *o, const struct dagg *agg,
		const struct agg_entry *entries, size_t n, const struct fmt *f);
/* print(): {"type": [...]}, the object member by member (fmt_type.c) */
void fmt_xo_print_type(struct ofmt *o, uint64_t addr, const struct dtype *t,
		       const void *data, size_t size,
		       const struct dname *names);

#endif

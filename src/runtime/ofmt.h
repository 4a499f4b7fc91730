/*
 * Structured output (-x oformat=json|xml|html): a small emitter in the
 * model of FreeBSD's libxo, which FreeBSD's DTrace writes its oformat
 * output with.  The formatters describe a tree (containers, lists of
 * instances, named leaf values) and the emitter writes it in the style
 * chosen, so one description serves JSON, XML and HTML:
 *
 *	JSON	{"dtrace": {"probes": [{"cpu": 0, ...}, ...]}}
 *	XML	<dtrace><probes><cpu>0</cpu>...</probes>...</dtrace>
 *	HTML	libxo's: one <div class="line"> per instance, its leaves
 *		as <div class="data" data-tag="NAME">VALUE</div>
 *
 * Text is appended to a strbuf (the consumer's output) as it is
 * emitted, so a document streams; it is complete once ofmt_end() (or
 * ofmt_close_all()) has run.  Strings are escaped for the style: any
 * bytes in, well-formed JSON or XML out (bytes that are not UTF-8 are
 * escaped).  The layout of bdtrace's documents is docs/oformat.md.
 */
#ifndef BD_OFMT_H
#define BD_OFMT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../lib/strbuf.h"

enum ofmt_style {
	OFMT_TEXT,	/* no structured output: dtrace(1)'s text */
	OFMT_JSON,
	OFMT_XML,
	OFMT_HTML,
};

#define OFMT_MAXDEPTH	32

struct ofmt {
	enum ofmt_style style;
	bool pretty;		/* indented, one value a line */
	struct strbuf *out;
	int depth;
	struct ofmt_level {
		const char *name;
		bool list;	/* a list of instances (JSON array) */
		int n;		/* children written so far */
	} lv[OFMT_MAXDEPTH];
	bool in_line;		/* HTML: a <div class="line"> is open */
	bool begun;
};

/*
 * Parse an oformat value: "text" (or "none"), "json", "xml" or "html",
 * optionally followed by ",pretty" (libxo's modifier, as FreeBSD passes
 * the value to libxo).  0, or -1 for anything else.
 */
int ofmt_parse(const char *value, enum ofmt_style *style, bool *pretty);

void ofmt_init(struct ofmt *o, enum ofmt_style style, bool pretty,
	       struct strbuf *out);

/* The document's start (XML's declaration, JSON's outer braces) and end. */
void ofmt_begin(struct ofmt *o);
void ofmt_end(struct ofmt *o);
/* Close whatever is open, then end the document (after an error). */
void ofmt_close_all(struct ofmt *o);

/* A named object ("name": {...}), a named list ("name": [...]) and one
 * instance (an element) of the list being built. */
void ofmt_open_container(struct ofmt *o, const char *name);
void ofmt_open_list(struct ofmt *o, const char *name);
void ofmt_open_instance(struct ofmt *o, const char *name);
/* Close the innermost container, list or instance. */
void ofmt_close(struct ofmt *o);

/* Leaf values of the object being built. */
void ofmt_str(struct ofmt *o, const char *name, const char *s);
void ofmt_strn(struct ofmt *o, const char *name, const char *s, size_t n);
void ofmt_int(struct ofmt *o, const char *name, int64_t v);
void ofmt_uint(struct ofmt *o, const char *name, uint64_t v);
void ofmt_bool(struct ofmt *o, const char *name, bool v);
/* a double; NaN and the infinities, which JSON lacks, as strings */
void ofmt_double(struct ofmt *o, const char *name, long double v);
/* a number already written out (digits, sign, point): unquoted in JSON */
void ofmt_number(struct ofmt *o, const char *name, const char *text);

#endif

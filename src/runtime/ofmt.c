/*
 * The structured-output emitter (ofmt.h): one tree description, written
 * as JSON, XML or HTML.  Each open container, list or instance is a
 * level on a small stack that knows how many children it has, which is
 * all JSON's commas and the pretty printer's indentation need.
 *
 * Compact JSON and XML still start each element of the outermost lists
 * (the probes of a trace) on a line of its own, so that a long trace is
 * not one line and can be followed as it grows.
 */
#include "ofmt.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "fmt.h"

int ofmt_parse(const char *value, enum ofmt_style *style, bool *pretty)
{
	static const struct { const char *name; enum ofmt_style style; } st[] = {
		{ "text", OFMT_TEXT }, { "none", OFMT_TEXT },
		{ "json", OFMT_JSON }, { "xml", OFMT_XML },
		{ "html", OFMT_HTML },
	};
	const char *comma = value ? strchr(value, ',') : NULL;
	size_t n = comma ? (size_t)(comma - value) : value ? strlen(value) : 0;

	if (!value)
		return -1;
	*pretty = false;
	if (comma) {
		if (strcmp(comma + 1, "pretty") != 0)
			return -1;
		*pretty = true;
	}
	for (size_t i = 0; i < sizeof(st) / sizeof(st[0]); i++) {
		if (strlen(st[i].name) == n &&
		    strncasecmp(value, st[i].name, n) == 0) {
			*style = st[i].style;
			return 0;
		}
	}
	return -1;
}

void ofmt_init(struct ofmt *o, enum ofmt_style style, bool pretty,
	       struct strbuf *out)
{
	memset(o, 0, sizeof(*o));
	o->style = style;
	o->pretty = pretty;
	o->out = out;
}

/* ------------------------------------------------------------------ */
/* escaping */

/*
 * s[0 .. n) as a JSON string's or XML text's characters.  Valid UTF-8
 * passes; JSON writes the rest as \u escapes (a byte that is not UTF-8
 * as the Latin-1 character of its value), XML 1.0, which has no way to
 * write most control characters, as C escapes.
 */
static void escape(struct strbuf *out, const unsigned char *s, size_t n,
		   bool xml)
{
	static const char *const xml_ents[128] = {
		['&'] = "&amp;", ['<'] = "&lt;", ['>'] = "&gt;",
		['"'] = "&quot;", ['\''] = "&apos;",
	};
	static const char *const json_ents[128] = {
		['"'] = "\\\"", ['\\'] = "\\\\", ['\n'] = "\\n",
		['\t'] = "\\t",
	};

	for (size_t i = 0; i < n;) {
		unsigned char c = s[i];
		const char *ent = c < 128 ? (xml ? xml_ents : json_ents)[c] : NULL;
		size_t len = 1;

		if (ent)
			sb_adds(out, ent);
		else if ((xml && (c == '\t' || c == '\n')) ||
			 (c >= ' ' && c < 0x7f))
			sb_addc(out, (char)c);
		else if (c >= 0x80 && (len = fmt_utf8_len(s + i, n - i)))
			sb_addn(out, (const char *)s + i, len);
		else {
			sb_printf(out, xml ? "\\%03o" : "\\u%04x", c);
			len = 1;
		}
		i += len;
	}
}

static void json_escape(struct strbuf *out, const unsigned char *s, size_t n)
{
	escape(out, s, n, false);
}

static void xml_escape(struct strbuf *out, const unsigned char *s, size_t n)
{
	escape(out, s, n, true);
}

/* ------------------------------------------------------------------ */
/* layout */

static struct ofmt_level *top(struct ofmt *o)
{
	return o->depth ? &o->lv[o->depth - 1] : NULL;
}

static void newline_indent(struct ofmt *o, int depth)
{
	sb_addc(o->out, '\n');
	for (int i = 0; i < depth; i++)
		sb_adds(o->out, "  ");
}

/* XML nests elements only: lists are not elements of their own. */
static int xml_depth(const struct ofmt *o)
{
	int d = 0;

	for (int i = 0; i < o->depth; i++)
		d += !o->lv[i].list;
	return d;
}

/* An element of one of the document's outermost lists: a line of its own. */
static bool outer_element(const struct ofmt *o)
{
	const struct ofmt_level *t = o->depth ? &o->lv[o->depth - 1] : NULL;

	return t && t->list && o->depth <= 3;
}

/* JSON: the comma and the layout before a child of the current level. */
static void json_sep(struct ofmt *o)
{
	struct ofmt_level *t = top(o);

	if (!t)
		return;
	if (t->n++)
		sb_addc(o->out, ',');
	if (o->pretty)
		newline_indent(o, o->depth);
	else if (outer_element(o))
		sb_addc(o->out, '\n');
}

static void json_key(struct ofmt *o, const char *name)
{
	json_sep(o);
	sb_addc(o->out, '"');
	json_escape(o->out, (const unsigned char *)name, strlen(name));
	sb_adds(o->out, o->pretty ? "\": " : "\":");
}

static void xml_open_tag(struct ofmt *o, const char *name)
{
	struct ofmt_level *t = top(o);

	if (t)
		t->n++;
	if (o->pretty)
		newline_indent(o, xml_depth(o));
	else if (outer_element(o))
		sb_addc(o->out, '\n');
	sb_printf(o->out, "<%s>", name);
}

static void html_end_line(struct ofmt *o)
{
	if (o->in_line)
		sb_adds(o->out, "</div>\n");
	o->in_line = false;
}

static void push(struct ofmt *o, const char *name, bool list)
{
	if (o->depth < OFMT_MAXDEPTH)
		o->lv[o->depth] = (struct ofmt_level){ name, list, 0 };
	o->depth++;
}

void ofmt_begin(struct ofmt *o)
{
	if (o->begun)
		return;
	o->begun = true;
	if (o->style == OFMT_JSON) {
		sb_addc(o->out, '{');
		push(o, "", false);
	} else if (o->style == OFMT_XML) {
		sb_adds(o->out, o->pretty ? "<?xml version=\"1.0\"?>" :
			"<?xml version=\"1.0\"?>\n");
	}
}

static void open_level(struct ofmt *o, const char *name, bool list,
		       bool instance)
{
	switch (o->style) {
	case OFMT_JSON:
		if (instance)
			json_sep(o);
		else
			json_key(o, name);
		sb_addc(o->out, list ? '[' : '{');
		break;
	case OFMT_XML:
		if (!list)
			xml_open_tag(o, name);
		else if (top(o))
			top(o)->n++;
		break;
	case OFMT_HTML:
		/* a line per instance, but an aggregation's keys are part
		 * of their entry's line */
		if (instance && strcmp(name, "keys") != 0)
			html_end_line(o);
		break;
	case OFMT_TEXT:
		break;
	}
	push(o, name, list);
}

void ofmt_open_container(struct ofmt *o, const char *name)
{
	open_level(o, name, false, false);
}

void ofmt_open_list(struct ofmt *o, const char *name)
{
	open_level(o, name, true, false);
}

void ofmt_open_instance(struct ofmt *o, const char *name)
{
	open_level(o, name, false, true);
}

void ofmt_close(struct ofmt *o)
{
	struct ofmt_level l;

	if (o->depth == 0)
		return;
	o->depth--;
	if (o->depth >= OFMT_MAXDEPTH)
		return;
	l = o->lv[o->depth];
	switch (o->style) {
	case OFMT_JSON:
		if (o->pretty && l.n)
			newline_indent(o, o->depth);
		sb_addc(o->out, l.list ? ']' : '}');
		break;
	case OFMT_XML:
		if (l.list)
			break;
		if (o->pretty && l.n)
			newline_indent(o, xml_depth(o));
		sb_printf(o->out, "</%s>", l.name);
		break;
	case OFMT_HTML:
	case OFMT_TEXT:
		break;
	}
}

void ofmt_end(struct ofmt *o)
{
	if (!o->begun)
		return;
	while (o->depth)
		ofmt_close(o);
	if (o->style == OFMT_HTML)
		html_end_line(o);
	else
		sb_addc(o->out, '\n');
	o->begun = false;
}

void ofmt_close_all(struct ofmt *o)
{
	ofmt_end(o);
}

/* ------------------------------------------------------------------ */
/* leaves */

static void leaf(struct ofmt *o, const char *name, const char *s, size_t n,
		 bool quoted)
{
	switch (o->style) {
	case OFMT_JSON:
		json_key(o, name);
		if (quoted)
			sb_addc(o->out, '"');
		json_escape(o->out, (const unsigned char *)s, n);
		if (quoted)
			sb_addc(o->out, '"');
		break;
	case OFMT_XML:
		if (top(o))
			top(o)->n++;
		if (o->pretty)
			newline_indent(o, xml_depth(o));
		if (n == 0) {
			sb_printf(o->out, "<%s/>", name);
			break;
		}
		sb_printf(o->out, "<%s>", name);
		xml_escape(o->out, (const unsigned char *)s, n);
		sb_printf(o->out, "</%s>", name);
		break;
	case OFMT_HTML:
		if (!o->in_line)
			sb_adds(o->out, "<div class=\"line\">\n");
		else
			sb_adds(o->out, "<div class=\"text\"> </div>\n");
		o->in_line = true;
		sb_printf(o->out, "<div class=\"data\" data-tag=\"%s\">", name);
		xml_escape(o->out, (const unsigned char *)s, n);
		sb_adds(o->out, "</div>\n");
		break;
	case OFMT_TEXT:
		break;
	}
}

void ofmt_strn(struct ofmt *o, const char *name, const char *s, size_t n)
{
	leaf(o, name, s, n, true);
}

void ofmt_str(struct ofmt *o, const char *name, const char *s)
{
	leaf(o, name, s ? s : "", s ? strlen(s) : 0, true);
}

void ofmt_number(struct ofmt *o, const char *name, const char *text)
{
	leaf(o, name, text, strlen(text), false);
}

void ofmt_int(struct ofmt *o, const char *name, int64_t v)
{
	char b[24];

	snprintf(b, sizeof(b), "%lld", (long long)v);
	ofmt_number(o, name, b);
}

void ofmt_uint(struct ofmt *o, const char *name, uint64_t v)
{
	char b[24];

	snprintf(b, sizeof(b), "%llu", (unsigned long long)v);
	ofmt_number(o, name, b);
}

void ofmt_bool(struct ofmt *o, const char *name, bool v)
{
	ofmt_number(o, name, v ? "true" : "false");
}

void ofmt_double(struct ofmt *o, const char *name, long double v)
{
	char b[64];

	if (isnan(v) || isinf(v)) {
		ofmt_str(o, name, isnan(v) ? "nan" : v < 0 ? "-inf" : "inf");
		return;
	}
	snprintf(b, sizeof(b), "%.17Lg", v);
	ofmt_number(o, name, b);
}

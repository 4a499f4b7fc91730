/*
 * Formatting recorded values: printf() conversions, trace() records,
 * DTrace's byte-range printer (strings or a hex dump) and the probe
 * lines of dtrace(1)'s default output.  Like DTrace, each conversion is
 * rebuilt as a C printf specification (flags, width, precision, a size
 * prefix chosen from the recorded value's size) and handed to the C
 * library, so padding and rounding are exactly printf(3)'s.
 */
#include "fmt.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* The recorded integer: sign- or zero-extended from its size. */
static uint64_t read_uint(const struct dval *v, const void *data)
{
	const unsigned char *p = (const unsigned char *)data + v->offset;

	switch (v->size) {
	case 1: { uint8_t x; memcpy(&x, p, 1); return x; }
	case 2: { uint16_t x; memcpy(&x, p, 2); return x; }
	case 4: { uint32_t x; memcpy(&x, p, 4); return x; }
	default: { uint64_t x; memcpy(&x, p, 8); return x; }
	}
}

static int64_t read_sint(const struct dval *v, const void *data)
{
	uint64_t u = read_uint(v, data);

	switch (v->size) {
	case 1: return (int8_t)u;
	case 2: return (int16_t)u;
	case 4: return (int32_t)u;
	default: return (int64_t)u;
	}
}

static bool is_intval(const struct dval *v)
{
	return (v->kind == DV_INT || v->kind == DV_PTR ||
		v->kind == DV_SYM || v->kind == DV_MOD ||
		v->kind == DV_FLOAT) &&
	       (v->size == 1 || v->size == 2 || v->size == 4 ||
		v->size == 8);
}

/*
 * "%" + flags + width + precision + size prefix + conversion, as
 * dt_printf_format() builds it: flags in the order # 0 - + ' space, a
 * width or precision of 0 left out.
 */
static void build_spec(char *buf, size_t n, unsigned flags, int width,
		       int prec, const char *len, char conv)
{
	char fl[8], *f = fl;

	if (flags & FMT_F_ALT)
		*f++ = '#';
	if (flags & FMT_F_ZPAD)
		*f++ = '0';
	if (flags & FMT_F_LEFT)
		*f++ = '-';
	if (flags & FMT_F_SPOS)
		*f++ = '+';
	if (flags & FMT_F_GROUP)
		*f++ = '\'';
	if (flags & FMT_F_SPACE)
		*f++ = ' ';
	*f = '\0';

	int k = snprintf(buf, n, "%%%s", fl);

	if (width != 0)
		k += snprintf(buf + k, n - (size_t)k, "%d", width);
	if (prec > 0)
		k += snprintf(buf + k, n - (size_t)k, ".%d", prec);
	snprintf(buf + k, n - (size_t)k, "%s%c", len, conv);
}

struct spec {
	unsigned flags;
	int width, prec;
};

static void put_str(struct strbuf *out, const struct spec *s, const char *str)
{
	char fmt[48];

	build_spec(fmt, sizeof(fmt), s->flags, s->width, s->prec, "", 's');
	sb_printf(out, fmt, str);
}

/*
 * Text from the traced system in mode (fmt_text.c), with the
 * conversion's width and precision: cut to the precision first, so that
 * an escape or a quote is never cut, then made safe, then padded.
 */
static void put_traced(struct strbuf *out, const struct spec *s,
		       const char *str, size_t n, enum fmt_text mode)
{
	struct spec ps = *s;
	struct strbuf tmp = { 0 };

	if (s->prec > 0 && (size_t)s->prec < n)
		n = (size_t)s->prec;
	ps.prec = 0;
	fmt_text(&tmp, str, n, mode);
	put_str(out, &ps, sb_str(&tmp));
	sb_free(&tmp);
}

/* a %c character a terminal would act on (NUL, tab, newline do no harm) */
static bool control_char(unsigned char c)
{
	return (c < ' ' && c != '\0' && c != '\t' && c != '\n') ||
	       (c >= 0x7f && c < 0xa0);
}

static int put_int(struct strbuf *out, const struct fmt_conv *c,
		   const struct spec *s, const struct dval *v,
		   const void *data, enum fmt_text mode)
{
	bool is_signed = c->cvt == FC_SINT ||
			 (c->cvt == FC_DINT && v->is_signed &&
			  v->kind == DV_INT);
	char conv = c->ofmt, fmt[48];

	if (!is_intval(v))
		return -EINVAL;
	if (c->cvt == FC_DINT && !is_signed)
		conv = 'u';
	if (conv == 'c') {
		/* %c prints the low byte, whatever the value's size */
		char ch = (char)read_uint(v, data);

		if (mode == FMT_TEXT_SHELL ||
		    (mode == FMT_TEXT_SAFE && control_char((unsigned char)ch))) {
			put_traced(out, s, &ch, 1, mode);
			return 0;
		}
		build_spec(fmt, sizeof(fmt), s->flags, s->width, s->prec, "",
			   'c');
		sb_printf(out, fmt, (int)(char)read_uint(v, data));
		return 0;
	}
	build_spec(fmt, sizeof(fmt), s->flags, s->width, s->prec,
		   v->size == 8 ? "ll" : "", conv);
	if (v->size == 8 && is_signed)
		sb_printf(out, fmt, (long long)read_sint(v, data));
	else if (v->size == 8)
		sb_printf(out, fmt, (unsigned long long)read_uint(v, data));
	else if (is_signed)
		sb_printf(out, fmt, (int)read_sint(v, data));
	else
		sb_printf(out, fmt, (unsigned)read_uint(v, data));
	return 0;
}

void fmt_escape(struct strbuf *out, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		const char *e = NULL;

		switch (c) {
		case '\0': e = "\\0"; break;
		case '\a': e = "\\a"; break;
		case '\b': e = "\\b"; break;
		case '\f': e = "\\f"; break;
		case '\n': e = "\\n"; break;
		case '\r': e = "\\r"; break;
		case '\t': e = "\\t"; break;
		case '\v': e = "\\v"; break;
		case '"': e = "\\\""; break;
		case '\\': e = "\\\\"; break;
		default: break;
		}
		if (e)
			sb_adds(out, e);
		else if (c != ' ' && (c < '!' || c > '~'))
			sb_printf(out, "\\%c%c%c", '0' + ((c >> 6) & 3),
				  '0' + ((c >> 3) & 7), '0' + (c & 7));
		else
			sb_addc(out, (char)c);
		/* DTrace stops after the first NUL, having printed "\0" */
		if (c == '\0')
			break;
	}
}

/* ctime()'s fields, year first: "2026 Nov 21 12:34:56" (local time). */
static void format_time(char *buf, size_t n, uint64_t ns, bool rfc822)
{
	static const char mon[12][4] = {
		"Jan", "Feb", "Mar", "Apr", "May", "Jun",
		"Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
	};
	time_t sec = (time_t)(ns / 1000000000ULL);
	struct tm tm;

	if (!localtime_r(&sec, &tm)) {
		snprintf(buf, n, "?");
		return;
	}
	if (rfc822) {
		strftime(buf, n, "%a, %d %b %G %T %Z", &tm);
		return;
	}
	snprintf(buf, n, "%d %s %2d %02d:%02d:%02d", tm.tm_year + 1900,
		 mon[tm.tm_mon], tm.tm_mday, tm.tm_hour, tm.tm_min,
		 tm.tm_sec);
}

/*
 * %k: the stack with this conversion's format for each frame.  As
 * DTrace's pfprint_stack(): "%-Nk" indents by N instead of padding;
 * otherwise frames are not indented at all.
 */
static int put_stack(struct strbuf *out, const struct spec *s,
		     const struct dval *v, const void *data,
		     const struct fmt_syms *syms)
{
	struct spec fs = *s;
	int indent = 0;
	char fmt[48];

	if (s->flags & FMT_F_LEFT) {
		indent = s->width < 0 ? -s->width : s->width;
		fs.width = 0;
		fs.flags &= ~FMT_F_LEFT;
	}
	build_spec(fmt, sizeof(fmt), fs.flags, fs.width, fs.prec, "", 's');
	return fmt_stack(out, v, data, syms, fmt, indent);
}

/* %a, %A: the address named (usym(): the symbol's own address) */
static int put_addr(struct strbuf *out, const struct fmt_conv *c,
		    const struct spec *s, const struct dval *v,
		    const void *data, const struct fmt_syms *syms)
{
	bool user = c->cvt == FC_UADDR;
	uint64_t pid = 0, addr;
	struct strbuf tmp = { 0 };
	struct fmt_symbol sy;

	if (v->size == 16 && (v->kind == DV_USYM || v->kind == DV_UMOD ||
			      v->kind == DV_UADDR)) {
		memcpy(&pid, (const char *)data + v->offset, 8);
		memcpy(&addr, (const char *)data + v->offset + 8, 8);
		if (v->kind == DV_USYM && syms && syms->uaddr &&
		    syms->uaddr(syms->ctx, pid, addr, &sy) == 0 && sy.name)
			addr = sy.value;
	} else if (is_intval(v)) {
		addr = read_uint(v, data);
		if (user && syms)	/* named in $target, as in DTrace */
			pid = syms->target;
	} else {
		return -EINVAL;
	}
	/* the names are made safe; in system(), the whole is one word */
	fmt_addr2str(&tmp, syms, user, pid, addr);
	if (fmt_text_mode(syms, NULL) == FMT_TEXT_SHELL)
		put_traced(out, s, tmp.buf ? tmp.buf : "", tmp.len,
			   FMT_TEXT_SHELL);
	else
		put_str(out, s, sb_str(&tmp));
	sb_free(&tmp);
	return 0;
}

/* %S and %C: their escapes are printable already, but not shell-safe */
static void put_escaped(struct strbuf *out, const struct spec *s,
			const char *p, size_t n, enum fmt_text mode)
{
	struct strbuf tmp = { 0 };

	fmt_escape(&tmp, p, n);
	if (mode == FMT_TEXT_SHELL)
		put_traced(out, s, tmp.buf ? tmp.buf : "", tmp.len, mode);
	else
		put_str(out, s, sb_str(&tmp));
	sb_free(&tmp);
}

static int put_strval(struct strbuf *out, const struct fmt_conv *c,
		      const struct spec *s, const struct dval *v,
		      const void *data, enum fmt_text mode)
{
	const char *p = (const char *)data + v->offset;

	if (v->kind != DV_STRING)
		return -EINVAL;
	if (c->cvt == FC_ESTR)
		put_escaped(out, s, p, v->size, mode);
	else
		put_traced(out, s, p, strnlen(p, v->size), mode);
	return 0;
}

static int put_value(struct strbuf *out, const struct fmt_conv *c,
		     const struct spec *s, const struct dval *v,
		     const void *data, const struct fmt_syms *syms)
{
	enum fmt_text mode = fmt_text_mode(syms, v);
	char buf[96], fmt[48];

	switch (c->cvt) {
	case FC_SINT:
	case FC_UINT:
	case FC_DINT:
		return put_int(out, c, s, v, data, mode);
	case FC_FLOAT:
		if (v->kind == DV_FLOAT && v->size == 16) {
			/* a long double, whatever the length modifier */
			build_spec(fmt, sizeof(fmt), s->flags, s->width,
				   s->prec, "L", c->ofmt);
			sb_printf(out, fmt, fmt_ldouble_value(v, data));
			return 0;
		}
		if (!is_intval(v))
			return -EINVAL;
		build_spec(fmt, sizeof(fmt), s->flags, s->width, s->prec, "",
			   c->ofmt);
		sb_printf(out, fmt, v->kind == DV_FLOAT ?
			  fmt_float_value(v, data) : v->is_signed ?
			  (double)read_sint(v, data) :
			  (double)read_uint(v, data));
		return 0;
	case FC_STR:
	case FC_ESTR:
		return put_strval(out, c, s, v, data, mode);
	case FC_ECHR:
		if (!is_intval(v))
			return -EINVAL;
		buf[0] = (char)read_uint(v, data);
		put_escaped(out, s, buf, 1, mode);
		return 0;
	case FC_ADDR:
	case FC_UADDR:
		return put_addr(out, c, s, v, data, syms);
	case FC_STACK:
		return put_stack(out, s, v, data, syms);
	case FC_TIME:
	case FC_TIME822:
		if (!is_intval(v))
			return -EINVAL;
		format_time(buf, sizeof(buf), read_uint(v, data),
			    c->cvt == FC_TIME822);
		put_str(out, s, buf);
		return 0;
	default:
		return -EINVAL;
	}
}

/* A * width or precision: the recorded integer, as an int. */
static int dyn_int(const struct dval *v, const void *data, int *out)
{
	if (!is_intval(v))
		return -EINVAL;
	*out = (int)read_sint(v, data);
	return 0;
}

/*
 * One conversion: its * arguments from vals[*argi...], then its value
 * from vals (or aggval for %@).
 */
static int put_conv(struct strbuf *out, const struct fmt_conv *c,
		    const struct dval *vals, int nvals, int *argi,
		    const void *data, const struct dval *aggval,
		    const void *aggdata, const struct fmt_syms *syms)
{
	struct spec s = { c->flags, c->width, c->prec };

	if (c->cvt == FC_PCT) {
		sb_addc(out, '%');
		return 0;
	}
	if (c->flags & FMT_F_DYNWIDTH) {
		if (*argi >= nvals || dyn_int(&vals[*argi], data, &s.width))
			return -EINVAL;
		(*argi)++;
	}
	if (c->flags & FMT_F_DYNPREC) {
		if (*argi >= nvals || dyn_int(&vals[*argi], data, &s.prec))
			return -EINVAL;
		(*argi)++;
	}
	if (c->flags & FMT_F_AGG) {
		if (!aggval)
			return -EINVAL;
		return put_value(out, c, &s, aggval, aggdata, syms);
	}
	if (*argi >= nvals)
		return -EINVAL;
	return put_value(out, c, &s, &vals[(*argi)++], data, syms);
}

int fmt_printf(struct strbuf *out, const struct fmt *f,
	       const struct dval *vals, int nvals, const void *data)
{
	return fmt_printf_syms(out, f, vals, nvals, data, NULL);
}

int fmt_printf_syms(struct strbuf *out, const struct fmt *f,
		    const struct dval *vals, int nvals, const void *data,
		    const struct fmt_syms *syms)
{
	int argi = 0;

	for (int i = 0; i < f->nconvs; i++) {
		const struct fmt_conv *c = &f->convs[i];

		sb_addn(out, c->prefix, c->preflen);
		if (put_conv(out, c, vals, nvals, &argi, data, NULL, NULL,
			     syms))
			return -EINVAL;
	}
	sb_addn(out, f->tail, f->taillen);
	return 0;
}

/*
 * printa() with a format.  The aggregation's value is formatted as a
 * 64-bit integer (signed but for count(), as DTrace types it); avg()
 * and stddev() are computed first, histograms are drawn whole.
 */
static uint64_t printa_scalar(const struct dagg *agg, const void *val)
{
	const uint64_t *w = val;

	switch (agg->func) {
	case AGG_AVG:
		/* DTrace divides unsigned here, unlike the default output */
		return w[0] ? w[1] / w[0] : 0;
	case AGG_MIN:
	case AGG_MAX:
		return w[1];
	case AGG_STDDEV:
		return fmt_stddev(val);
	default:
		return w[0];
	}
}

int fmt_printa(struct strbuf *out, const struct fmt *f,
	       const struct dagg *agg, const struct agg_entry *e)
{
	const void *val = e->val;

	return fmt_printa_multi(out, f, &agg, &val, 1, e);
}

int fmt_printa_multi(struct strbuf *out, const struct fmt *f,
		     const struct dagg *const *aggs, const void *const *vals,
		     int naggs, const struct agg_entry *e)
{
	const struct dagg *lead = aggs[0];
	int argi = 0, cur = 0;

	for (int i = 0; i < f->nconvs; i++) {
		const struct fmt_conv *c = &f->convs[i];
		int k = cur;
		const struct dagg *agg = aggs[k];
		struct dval aggval = { .kind = DV_INT, .size = 8,
				       .is_signed = agg->func != AGG_COUNT };
		uint64_t v = printa_scalar(agg, vals[k]);

		sb_addn(out, c->prefix, c->preflen);
		/* each %@ takes the next aggregation; past the last, the last */
		if ((c->flags & FMT_F_AGG) && cur < naggs - 1)
			cur++;
		if ((c->flags & FMT_F_AGG) && (agg->func == AGG_QUANTIZE ||
					       agg->func == AGG_LQUANTIZE ||
					       agg->func == AGG_LLQUANTIZE)) {
			fmt_agg_print_value(out, agg, vals[k]);
			continue;
		}
		if (put_conv(out, c, lead->keys, lead->nkeys, &argi, e->key,
			     &aggval, &v, e->syms))
			return -EINVAL;
	}
	sb_addn(out, f->tail, f->taillen);
	return 0;
}

/* isprint() or isspace() in the C locale, or the bell or backspace. */
static bool printable(unsigned char c)
{
	return (c >= ' ' && c <= '~') || (c >= '\t' && c <= '\r') ||
	       c == '\b' || c == '\a';
}

static void hex_dump(struct strbuf *out, const unsigned char *c, size_t n)
{
	const int margin = 5;

	sb_printf(out, "\n%*s      ", margin, "");
	for (int i = 0; i < 16; i++)
		sb_printf(out, "  %c", "0123456789abcdef"[i]);
	sb_adds(out, "  0123456789abcdef\n");
	for (size_t i = 0; i < n; i += 16) {
		size_t j;

		sb_printf(out, "%*s%5zx:", margin, "", i);
		for (j = i; j < i + 16 && j < n; j++)
			sb_printf(out, " %02x", c[j]);
		while (j++ % 16)
			sb_adds(out, "   ");
		sb_adds(out, "  ");
		for (j = i; j < i + 16 && j < n; j++)
			sb_addc(out, c[j] < ' ' || c[j] > '~' ?
				'.' : (char)c[j]);
		sb_addc(out, '\n');
	}
}

/* a string fmt_bytes() found printable, padded to width, made safe */
static void put_bytes_str(struct strbuf *out, const char *s, size_t n,
			  int width, enum fmt_text mode)
{
	struct strbuf tmp = { 0 };

	fmt_text(&tmp, s, n, mode == FMT_TEXT_RAW ? mode : FMT_TEXT_SAFE);
	sb_printf(out, "%*s", width, sb_str(&tmp));
	sb_free(&tmp);
}

void fmt_bytes(struct strbuf *out, const void *p, size_t n, int width,
	       bool quiet, bool forceraw, enum fmt_text mode)
{
	const unsigned char *c = p;
	size_t i, j;

	if (n == 0)
		return;
	if (forceraw) {
		hex_dump(out, c, n);
		return;
	}
	for (i = 0; i < n; i++) {
		if (printable(c[i]))
			continue;
		/* a NUL after text, and only NULs after it: a string */
		if (c[i] == '\0' && i > 0) {
			for (j = i + 1; j < n && c[j] == '\0'; j++)
				;
			if (j != n)
				break;
			if (quiet) {
				put_bytes_str(out, (const char *)c, i, 0, mode);
			} else {
				sb_adds(out, width < 0 ? "  " : " ");
				put_bytes_str(out, (const char *)c, i, width,
					      mode);
			}
			return;
		}
		break;
	}
	if (i == n) {
		/* all printable, no NUL: still a string (even when quiet) */
		sb_adds(out, "  ");
		put_bytes_str(out, (const char *)c, n, width < 0 ? width
							 : -width, mode);
		return;
	}
	hex_dump(out, c, n);
}

void fmt_trace(struct strbuf *out, const struct dval *v, const void *data,
	       bool quiet)
{
	fmt_trace_text(out, v, data, quiet, FMT_TEXT_SAFE);
}

void fmt_trace_text(struct strbuf *out, const struct dval *v,
		    const void *data, bool quiet, enum fmt_text mode)
{
	const char *p = (const char *)data + v->offset;

	if (v->kind == DV_STRING) {
		struct strbuf tmp = { 0 };

		fmt_text(&tmp, p, strnlen(p, v->size),
			 mode == FMT_TEXT_RAW ? mode : FMT_TEXT_SAFE);
		sb_printf(out, quiet ? "%s" : "  %-33s", sb_str(&tmp));
		sb_free(&tmp);
		return;
	}
	if (!is_intval(v) || v->kind == DV_BYTES) {
		/* a struct, union, array or long double: its bytes */
		hex_dump(out, (const unsigned char *)p, v->size);
		return;
	}
	/* as Oracle's DTrace: by size and signedness, wide enough for all */
	if (v->is_signed && v->kind == DV_INT) {
		static const char *const fs[] = { [1] = " %3lld", [2] = " %5lld",
						  [4] = " %10lld",
						  [8] = " %19lld" };

		sb_printf(out, quiet ? "%lld" : fs[v->size],
			  (long long)read_sint(v, data));
	} else {
		static const char *const fu[] = { [1] = " %3llu", [2] = " %5llu",
						  [4] = " %10llu",
						  [8] = " %20llu" };

		sb_printf(out, quiet ? "%llu" : fu[v->size],
			  (unsigned long long)read_uint(v, data));
	}
}

void fmt_heading(struct strbuf *out, bool cols)
{
	if (cols)
		sb_printf(out, "%3s %6s ", "CPU", "ID");
	sb_printf(out, "%32s\n", "FUNCTION:NAME");
}

/* probe names: a pid probe's function is named by the traced binary */
static void put_name(struct strbuf *out, const char *name)
{
	fmt_text(out, name, strlen(name), FMT_TEXT_SAFE);
}

void fmt_probe_line(struct strbuf *out, bool cols, int cpu, uint32_t id,
		    const char *func, const char *name)
{
	struct strbuf fn = { 0 };

	put_name(&fn, func);
	sb_addc(&fn, ':');
	put_name(&fn, name);
	if (cols)
		sb_printf(out, "%3d %6d ", cpu, (int)id);
	sb_printf(out, "%32s ", sb_str(&fn));
	sb_free(&fn);
}

void fmt_flow_heading(struct strbuf *out, bool cols)
{
	if (cols)
		sb_printf(out, "%3s ", "CPU");
	sb_printf(out, "%-41s\n", "FUNCTION");
}

void fmt_flow_line(struct strbuf *out, bool cols, int cpu, int indent,
		   const char *prefix, const char *func, const char *name)
{
	struct strbuf fn = { 0 };

	/* entries and returns show the function alone */
	sb_printf(&fn, "%*s%s", indent, "", prefix);
	put_name(&fn, func);
	if (name) {
		sb_addc(&fn, ':');
		put_name(&fn, name);
	}
	if (cols)
		sb_printf(out, "%3d ", cpu);
	sb_printf(out, "%-41s ", sb_str(&fn));
	sb_free(&fn);
}

/*
 * Unit tests for the printf engine, trace() records and probe lines
 * (src/runtime/fmt.c, fmt_print.c): exact DTrace output for each
 * conversion and flag, DTrace's parse and argument-check messages.
 */
#include <stdlib.h>
#include <time.h>

#include "../../src/runtime/fmt.h"
#include "unit.h"

/* A record under construction: values laid out one after another. */
struct rec {
	unsigned char buf[1024];
	struct dval vals[8];
	int n;
	uint32_t off;
};

static void add_int(struct rec *r, uint32_t size, bool is_signed,
		    uint64_t v)
{
	r->off = (r->off + size - 1) / size * size;
	r->vals[r->n++] = (struct dval){ .kind = DV_INT, .size = size,
					 .is_signed = is_signed,
					 .offset = r->off };
	memcpy(r->buf + r->off, &v, size);	/* little-endian */
	r->off += size;
}

static void add_str(struct rec *r, uint32_t size, const char *s, size_t len)
{
	r->vals[r->n++] = (struct dval){ .kind = DV_STRING, .size = size,
					 .offset = r->off };
	memcpy(r->buf + r->off, s, len);
	r->off += size;
}

static struct strbuf out;
static struct arena arena;

/* Format r with format; the text, or "ERR: message" / "EINVAL". */
static const char *pf(const char *format, const struct rec *r)
{
	static char err[512];
	struct fmt *f;

	sb_reset(&out);
	if (fmt_parse(&arena, format, &f, err, sizeof(err)) < 0) {
		sb_printf(&out, "ERR: %s", err);
		return sb_str(&out);
	}
	if (fmt_printf(&out, f, r ? r->vals : NULL, r ? r->n : 0,
		       r ? r->buf : NULL) < 0)
		sb_adds(&out, "<EINVAL>");
	return sb_str(&out);
}

static const char *pf_int(const char *format, uint32_t size, bool sgn,
			  uint64_t v)
{
	struct rec r = { 0 };

	add_int(&r, size, sgn, v);
	return pf(format, &r);
}

static const char *pf_str(const char *format, const char *s)
{
	struct rec r = { 0 };

	add_str(&r, 32, s, strlen(s));
	return pf(format, &r);
}

static void test_int_sizes(void)
{
	CHECK_STR(pf_int("%d", 4, true, (uint64_t)-5), "-5");
	CHECK_STR(pf_int("%d", 8, true, (uint64_t)-5), "-5");
	CHECK_STR(pf_int("%d", 1, true, 0xfe), "-2");
	CHECK_STR(pf_int("%d", 2, true, 0xfffe), "-2");
	/* %d of an unsigned value prints it unsigned, at its size */
	CHECK_STR(pf_int("%d", 8, false, (uint64_t)-1),
		  "18446744073709551615");
	CHECK_STR(pf_int("%d", 4, false, 0xffffffff), "4294967295");
	CHECK_STR(pf_int("%i", 1, false, 0xfe), "254");
	/* %u and %x of negative values: the recorded width */
	CHECK_STR(pf_int("%u", 4, true, (uint64_t)-1), "4294967295");
	CHECK_STR(pf_int("%u", 8, true, (uint64_t)-1),
		  "18446744073709551615");
	CHECK_STR(pf_int("%u", 1, true, 0xff), "255");
	CHECK_STR(pf_int("%x", 4, true, (uint64_t)-1), "ffffffff");
	CHECK_STR(pf_int("%x", 8, true, (uint64_t)-1), "ffffffffffffffff");
	CHECK_STR(pf_int("%x", 2, true, 0xffff), "ffff");
	CHECK_STR(pf_int("%X", 8, false, 0xabcdef), "ABCDEF");
	CHECK_STR(pf_int("%o", 4, false, 8), "10");
	CHECK_STR(pf_int("%d", 8, true, 0x8000000000000000ULL),
		  "-9223372036854775808");
}

static void test_int_flags(void)
{
	/* Oracle's tst.flags.d */
	CHECK_STR(pf_int("# %#8x", 4, true, 0x123), "#    0x123");
	CHECK_STR(pf_int("0 %08x", 4, true, 0x123), "0 00000123");
	CHECK_STR(pf_int("- %-8x|", 4, true, 0x123), "- 123     |");
	CHECK_STR(pf_int("+ %+8d", 4, true, 123), "+     +123");
	CHECK_STR(pf_int("  % 8d", 4, true, 123), "       123");
	CHECK_STR(pf_int("%#o", 4, true, 8), "010");
	CHECK_STR(pf_int("%#X", 8, true, 255), "0XFF");
	CHECK_STR(pf_int("%+d", 8, true, (uint64_t)-3), "-3");
	CHECK_STR(pf_int("%05d", 4, true, (uint64_t)-42), "-0042");
	CHECK_STR(pf_int("%0-5d|", 4, true, 42), "42   |");
	/* a 0 after '-' turns zero padding back on, as in DTrace */
	CHECK_STR(pf_int("%-05d|", 4, true, 42), "00042|");
	CHECK_STR(pf_int("%.3d", 4, true, 7), "007");
	CHECK_STR(pf_int("%8.3d|", 8, true, 7), "     007|");
	CHECK_STR(pf_int("%'d", 4, true, 1234567), "1234567");
	CHECK_STR(pf_int("%10u|", 8, false, 12), "        12|");
	CHECK_STR(pf_int("%-10llu|", 8, false, 12), "12        |");
}

static void test_size_prefixes(void)
{
	CHECK_STR(pf_int("%hd", 2, true, 0xfffe), "-2");
	CHECK_STR(pf_int("%hu", 2, false, 0xffff), "65535");
	CHECK_STR(pf_int("%hx", 2, true, 0xfffe), "fffe");
	CHECK_STR(pf_int("%ho", 2, false, 97), "141");
	CHECK_STR(pf_int("%ld", 8, true, (uint64_t)-9), "-9");
	CHECK_STR(pf_int("%lu", 8, false, 97), "97");
	CHECK_STR(pf_int("%lx", 8, false, 97), "61");
	CHECK_STR(pf_int("%lld", 8, true, (uint64_t)-9), "-9");
	CHECK_STR(pf_int("%llX", 8, true, (uint64_t)-1), "FFFFFFFFFFFFFFFF");
	CHECK_STR(pf_int("%lli", 8, true, 5), "5");
	CHECK_STR(pf_int("%lc", 4, true, 'a'), "a");
}

static void test_char_ptr_pct(void)
{
	CHECK_STR(pf_int("%c", 4, true, 'A'), "A");
	CHECK_STR(pf_int("%c", 8, true, 0x141), "A");
	CHECK_STR(pf_int("%3c|", 1, true, 'A'), "  A|");
	CHECK_STR(pf_int("%-3c|", 1, true, 'A'), "A  |");
	/* %p is plain hex in DTrace (tst.basics.r: "%p = 61") */
	CHECK_STR(pf_int("%p", 8, false, 0x61), "61");
	CHECK_STR(pf_int("%p", 8, false, 0xffffffff81000000ULL),
		  "ffffffff81000000");
	CHECK_STR(pf_int("%#p", 8, false, 0x1234), "0x1234");
	CHECK_STR(pf_int("%?p|", 8, false, 0x1234), "            1234|");
	CHECK_STR(pf("%%", NULL), "%");
	CHECK_STR(pf_int("100%% %d%%", 4, true, 5), "100% 5%");
	CHECK_STR(pf("no conversions\n", NULL), "no conversions\n");
	CHECK_STR(pf("", NULL), "");
}

static void test_strings(void)
{
	CHECK_STR(pf_str("%s", "hello"), "hello");
	CHECK_STR(pf_str("[%5s]", "hi"), "[   hi]");
	CHECK_STR(pf_str("[%-5s]", "hi"), "[hi   ]");
	CHECK_STR(pf_str("[%.3s]", "hello"), "[hel]");
	CHECK_STR(pf_str("[%8.3s]", "hello"), "[     hel]");
	CHECK_STR(pf_str("[%-8.3s]", "hello"), "[hel     ]");
	/* DTrace drops a precision of 0: tst.wp.d's "%0.0s" prints all */
	CHECK_STR(pf_str("[%0.0s]", "hello"), "[hello]");
	CHECK_STR(pf_str("[%.0s]", "hello"), "[hello]");
	CHECK_STR(pf_str("[%2s]", "hello"), "[hello]");

	struct rec r = { 0 };

	add_str(&r, 8, "full1234", 8);	/* no NUL: the whole buffer */
	CHECK_STR(pf("[%s]", &r), "[full1234]");
}

static void test_dynamic(void)
{
	struct rec r = { 0 };

	add_int(&r, 4, true, 6);
	add_str(&r, 16, "hello", 5);
	CHECK_STR(pf("[%*s]", &r), "[ hello]");

	r = (struct rec){ 0 };
	add_int(&r, 4, true, (uint64_t)-6);
	add_str(&r, 16, "hello", 5);
	CHECK_STR(pf("[%*s]", &r), "[hello ]");

	r = (struct rec){ 0 };
	add_int(&r, 8, true, 2);
	add_str(&r, 16, "hello", 5);
	CHECK_STR(pf("[%.*s]", &r), "[he]");

	r = (struct rec){ 0 };
	add_int(&r, 4, true, 4);
	add_int(&r, 4, true, 2);
	add_str(&r, 16, "hello", 5);
	CHECK_STR(pf("[%*.*s]", &r), "[  he]");

	/* a dynamic precision of 0 is dropped too (tst.wp.d) */
	r = (struct rec){ 0 };
	add_int(&r, 4, true, 0);
	add_int(&r, 4, true, 0);
	add_str(&r, 16, "hello", 5);
	CHECK_STR(pf("[%*.*s]", &r), "[hello]");

	r = (struct rec){ 0 };
	add_int(&r, 4, true, 5);
	add_int(&r, 8, true, 42);
	CHECK_STR(pf("[%0*d]", &r), "[00042]");

	/* too few values: what was formatted, then the error */
	r = (struct rec){ 0 };
	add_int(&r, 4, true, 1);
	CHECK_STR(pf("a%db%dc", &r), "a1b<EINVAL>");
}

static void test_floats(void)
{
	CHECK_STR(pf_int("%e", 4, true, 1), "1.000000e+00");
	CHECK_STR(pf_int("%E", 8, true, 1500), "1.500000E+03");
	CHECK_STR(pf_int("%f", 8, true, (uint64_t)-3), "-3.000000");
	CHECK_STR(pf_int("%.2f", 4, true, 3), "3.00");
	CHECK_STR(pf_int("%g", 8, true, 100000), "100000");
	CHECK_STR(pf_int("%G", 8, true, 1000000), "1E+06");
	CHECK_STR(pf_int("%8.1f|", 8, false, 2), "     2.0|");
}

static void test_addr_escape(void)
{
	CHECK_STR(pf_int("%a", 8, false, 0xffffffff81000000ULL),
		  "0xffffffff81000000");
	CHECK_STR(pf_int("[%8a]", 8, false, 0x10), "[    0x10]");
	CHECK_STR(pf_int("[%-8A]", 8, false, 0x10), "[0x10    ]");

	struct rec r = { 0 };

	/* %S: C escapes, and DTrace's "\0" at the first NUL */
	add_str(&r, 16, "a\"b\n\\\x01\xff", 7);
	CHECK_STR(pf("%S", &r), "a\\\"b\\n\\\\\\001\\377\\0");
	r = (struct rec){ 0 };
	add_str(&r, 4, "a\tbc", 4);
	CHECK_STR(pf("%S", &r), "a\\tbc");
	CHECK_STR(pf_int("%C", 4, true, '\n'), "\\n");
	CHECK_STR(pf_int("%C", 1, true, 'x'), "x");
	CHECK_STR(pf_int("[%4C]", 1, true, 0), "[  \\0]");
}

static void test_time_stack(void)
{
	setenv("TZ", "UTC", 1);
	tzset();
	CHECK_STR(pf_int("%Y", 8, false, 1795264496ULL * 1000000000ULL),
		  "2026 Nov 21 12:34:56");
	CHECK_STR(pf_int("%Y", 8, false, 1767582245ULL * 1000000000ULL + 7),
		  "2026 Jan  5 03:04:05");
	CHECK_STR(pf_int("[%22Y]", 8, false, 0), "[  1970 Jan  1 00:00:00]");
	CHECK_STR(pf_int("%T", 8, false, 1795264496ULL * 1000000000ULL),
		  "Sat, 21 Nov 2026 12:34:56 UTC");

	struct rec r = { 0 };
	uint64_t pcs[4] = { 0xffffffff81000010ULL, 0x20, 0, 0x30 };

	r.vals[r.n++] = (struct dval){ .kind = DV_STACK, .size = 32 };
	memcpy(r.buf, pcs, sizeof(pcs));
	/* as pfprint_stack(): no indentation unless "%-Nk" (no symbols
	 * here: raw addresses) */
	CHECK_STR(pf("%k|", &r), "\n0xffffffff81000010\n0x20\n|");
	CHECK_STR(pf("%-4k|", &r), "\n    0xffffffff81000010\n    0x20\n|");
}

static void test_parse_errors(void)
{
	CHECK_STR(pf("%r", NULL), "ERR: format conversion #1 is undefined: %r");
	CHECK_STR(pf("%d %%%q", NULL),
		  "ERR: format conversion #3 is undefined: %q");
	CHECK_STR(pf("%hhd", NULL),
		  "ERR: format conversion #1 is undefined: %hhd");
	CHECK_STR(pf("%zd", NULL), "ERR: format conversion #1 is undefined: %z");
	CHECK_STR(pf("%1$d", NULL), "ERR: format conversion #1 uses "
		  "unsupported positional format (%n$)");
	CHECK_STR(pf("%-%", NULL), "ERR: format conversion #1 cannot be "
		  "combined with other format flags: %%");
	CHECK_STR(pf("abc %", NULL), "ERR: format conversion #1 name "
		  "expected before end of format string");
	CHECK_STR(pf("%**d", NULL), "ERR: format conversion #1 has more "
		  "than one '*' specified for the output width");
	CHECK_STR(pf("%.1.2d", NULL), "ERR: format conversion #1 has more "
		  "than one '.' specified");
}

static struct fmt *parse(const char *format)
{
	char err[256];
	struct fmt *f = NULL;

	CHECK(fmt_parse(&arena, format, &f, err, sizeof(err)) == 0);
	return f;
}

static void test_nargs(void)
{
	struct fmt *f = parse("%*.*d %s %% %@d %c");

	CHECK_INT(fmt_nargs(f), 5);
	CHECK_INT(f->nconvs, 5);
	CHECK(fmt_arg_is_dyn(f, 0));
	CHECK(fmt_arg_is_dyn(f, 1));
	CHECK(!fmt_arg_is_dyn(f, 2));
	CHECK_STR(fmt_arg_conv(f, 2)->name, "d");
	CHECK_STR(fmt_arg_conv(f, 3)->name, "s");
	CHECK_STR(fmt_arg_conv(f, 4)->name, "c");
	CHECK(fmt_arg_conv(f, 5) == NULL);
	CHECK_INT(fmt_nargs(parse("plain")), 0);
}

static void test_arg_checks(void)
{
	struct fmt *f = parse("%d %s %c %p %hd %Y %*s");
	char err[512];
	enum dtag tag;
	struct fmt_arg str = { FA_STRING, 0, false, NULL };
	struct fmt_arg i64 = { FA_INT, 8, true, "int64_t" };
	struct fmt_arg i32 = { FA_INT, 4, true, "int" };
	struct fmt_arg i16 = { FA_INT, 2, true, "short" };
	struct fmt_arg ptr = { FA_PTR, 8, false, "void *" };

	CHECK(fmt_arg_ok(f, 0, FA_INT, err, sizeof(err)));
	CHECK(!fmt_arg_ok(f, 0, FA_STRING, err, sizeof(err)));
	CHECK_STR(err, "printf( ) argument #2 is incompatible with "
		  "conversion #1 prototype:\n\tconversion: %d\n"
		  "\t prototype: char, short, int, long, or long long\n"
		  "\t  argument: string");
	CHECK(fmt_arg_ok(f, 1, FA_STRING, err, sizeof(err)));
	CHECK(!fmt_arg_ok(f, 1, FA_INT, err, sizeof(err)));
	CHECK_INT(fmt_arg_check(f, 2, &i32, "printf", 1, &tag, err,
				sizeof(err)), 0);
	CHECK_INT(fmt_arg_check(f, 2, &i64, "printf", 1, &tag, err,
				sizeof(err)), -1);
	CHECK_INT(tag, D_PRINTF_ARG_TYPE);
	CHECK_STR(err, "printf( ) argument #4 is incompatible with "
		  "conversion #3 prototype:\n\tconversion: %c\n"
		  "\t prototype: char, short, or int\n\t  argument: int64_t");
	CHECK(fmt_arg_check(f, 3, &ptr, "printf", 1, &tag, err, 512) == 0);
	CHECK(fmt_arg_check(f, 4, &i16, "printf", 1, &tag, err, 512) == 0);
	CHECK(fmt_arg_check(f, 4, &i32, "printf", 1, &tag, err, 512) < 0);
	CHECK_STR(err, "printf( ) argument #6 is incompatible with "
		  "conversion #5 prototype:\n\tconversion: %hd\n"
		  "\t prototype: short\n\t  argument: int");
	CHECK(fmt_arg_check(f, 5, &i64, "printf", 1, &tag, err, 512) == 0);
	CHECK(fmt_arg_check(f, 5, &i32, "printf", 1, &tag, err, 512) < 0);
	CHECK(fmt_arg_check(f, 6, &str, "printf", 1, &tag, err, 512) < 0);
	CHECK_INT(tag, D_PRINTF_DYN_TYPE);
	CHECK_STR(err, "printf( ) argument #8 is incompatible with "
		  "conversion #7 prototype:\n\tconversion: % * s\n"
		  "\t prototype: int\n\t  argument: string");
	CHECK(fmt_arg_check(f, 7, &str, "printf", 1, &tag, err, 512) == 0);
}

static void test_count_checks(void)
{
	char err[512];
	enum dtag tag;
	struct fmt_arg args[3] = {
		{ FA_INT, 4, true, "int" }, { FA_STRING, 0, 0, NULL },
		{ FA_INT, 4, true, "int" },
	};
	struct fmt_arg ints[2] = {
		{ FA_INT, 4, true, "int" }, { FA_INT, 8, true, "int64_t" },
	};

	CHECK_INT(fmt_check_args(parse("%d %s"), args, 2, "printf", 1,
				 false, true, &tag, err, 512), 0);
	CHECK_INT(fmt_check_args(parse("%d %s %d"), args, 2, "printf", 1,
				 false, true, &tag, err, 512), -1);
	CHECK_INT(tag, D_PRINTF_ARG_PROTO);
	CHECK_STR(err, "printf( ) prototype mismatch: conversion #3 (%d) "
		  "is missing a corresponding value argument");
	CHECK_INT(fmt_check_args(parse("%d"), args, 3, "printf", 1,
				 false, true, &tag, err, 512), -1);
	CHECK_INT(tag, D_PRINTF_ARG_EXTRA);
	CHECK_STR(err, "printf( ) prototype mismatch: only 1 arguments "
		  "required by this format string");
	CHECK_INT(fmt_check_args(parse("%d"), args, 3, "printa", 1,
				 true, false, &tag, err, 512), 0);
	CHECK_INT(fmt_check_args(parse("%*d"), args, 1, "printf", 1,
				 false, true, &tag, err, 512), -1);
	CHECK_INT(tag, D_PRINTF_ARG_PROTO);
	CHECK_INT(fmt_check_args(parse("%d %*.*d"), ints, 2, "printf", 1,
				 false, true, &tag, err, 512), -1);
	CHECK_INT(tag, D_PRINTF_DYN_PROTO);
	CHECK_STR(err, "printf( ) prototype mismatch: conversion #2 (%d) "
		  "is missing a corresponding \".*\" argument");
	CHECK_INT(fmt_check_args(parse(""), NULL, 0, "printf", 1,
				 false, true, &tag, err, 512), -1);
	CHECK_INT(tag, D_PRINTF_FMT_EMPTY);
	CHECK_STR(err, "printf( ) format string is empty");
	CHECK_INT(fmt_check_args(parse("%@d"), NULL, 0, "printf", 1,
				 false, true, &tag, err, 512), -1);
	CHECK_INT(tag, D_PRINTF_AGG_CONV);
	CHECK_STR(err, "%@ conversion requires an aggregation and is not "
		  "for use with printf( )");
	/* the type error of #2 comes before the missing #3 */
	CHECK_INT(fmt_check_args(parse("%d %d %d"), args, 2, "printf", 1,
				 false, true, &tag, err, 512), -1);
	CHECK_INT(tag, D_PRINTF_ARG_TYPE);
}

static const char *tr(const struct rec *r, bool quiet)
{
	sb_reset(&out);
	fmt_trace(&out, &r->vals[0], r->buf, quiet);
	return sb_str(&out);
}

static void test_trace_ints(void)
{
	struct rec r = { 0 };

	/* Oracle's dt_print_trace(): by size and signedness */
	add_int(&r, 8, true, (uint64_t)-5);
	CHECK_STR(tr(&r, false), "                  -5");
	CHECK_STR(tr(&r, true), "-5");
	r = (struct rec){ 0 };
	add_int(&r, 8, false, (uint64_t)-1);	/* unsigned: %lu */
	CHECK_STR(tr(&r, true), "18446744073709551615");
	CHECK_STR(tr(&r, false), " 18446744073709551615");
	r = (struct rec){ 0 };
	add_int(&r, 4, false, 0xffffffff);	/* unsigned: %u */
	CHECK_STR(tr(&r, false), " 4294967295");
	r = (struct rec){ 0 };
	add_int(&r, 4, true, 42);
	CHECK_STR(tr(&r, false), "         42");
	CHECK_STR(tr(&r, true), "42");
	r = (struct rec){ 0 };
	add_int(&r, 2, true, 7);
	CHECK_STR(tr(&r, false), "     7");
	r = (struct rec){ 0 };
	add_int(&r, 2, true, 0xfffe);
	CHECK_STR(tr(&r, true), "-2");
	r = (struct rec){ 0 };
	add_int(&r, 1, false, 255);
	CHECK_STR(tr(&r, false), " 255");
	r = (struct rec){ 0 };
	add_int(&r, 1, true, 0xfe);
	CHECK_STR(tr(&r, true), "-2");
}

static void test_trace_strings(void)
{
	struct rec r = { 0 };

	add_str(&r, 16, "hello", 5);
	CHECK_STR(tr(&r, false), "  hello                            ");
	CHECK_STR(tr(&r, true), "hello");
	r = (struct rec){ 0 };
	add_str(&r, 4, "abcd", 4);	/* no NUL: its size bounds it */
	CHECK_STR(tr(&r, false), "  abcd                             ");
	CHECK_STR(tr(&r, true), "abcd");
	r = (struct rec){ 0 };
	add_str(&r, 8, "a\tb\n", 4);
	CHECK_STR(tr(&r, true), "a\tb\n");
	r = (struct rec){ 0 };
	add_str(&r, 40, "0123456789012345678901234567890123456789", 40);
	CHECK_STR(tr(&r, false),
		  "  0123456789012345678901234567890123456789");
}

static void test_trace_bytes(void)
{
	struct rec r = { 0 };
	const char *hdr = "\n             0  1  2  3  4  5  6  7  8  9  a  b"
			  "  c  d  e  f  0123456789abcdef\n";
	char want[512];

	/* a string is a string, even empty: up to its NUL */
	add_str(&r, 3, "\0\1A", 3);
	CHECK_STR(tr(&r, true), "");
	CHECK_STR(tr(&r, false), "                                   ");
	/* any other bytes (a struct, union, array) are a hex dump, even
	 * when they read as text, as Oracle's DTrace prints them */
	r = (struct rec){ 0 };
	add_str(&r, 4, "a\0b", 4);
	r.vals[0].kind = DV_BYTES;
	snprintf(want, sizeof(want), "%s         0: 61 00 62 00%38sa.b.\n",
		 hdr, "");
	CHECK_STR(tr(&r, false), want);
	CHECK_STR(tr(&r, true), want);

	unsigned char b[18];

	for (int i = 0; i < 18; i++)
		b[i] = (unsigned char)(0x3e + i);
	sb_reset(&out);
	fmt_bytes(&out, b, sizeof(b), -33, false, true, FMT_TEXT_SAFE);
	snprintf(want, sizeof(want), "%s         0: 3e 3f 40 41 42 43 44 45 46"
		 " 47 48 49 4a 4b 4c 4d  >?@ABCDEFGHIJKLM\n        10: 4e 4f"
		 "%44sNO\n", hdr, "");
	CHECK_STR(sb_str(&out), want);
}

static void test_probe_lines(void)
{
	sb_reset(&out);
	fmt_heading(&out);
	CHECK_STR(sb_str(&out), "CPU     ID                    FUNCTION:NAME\n");
	sb_reset(&out);
	fmt_probe_line(&out, 0, 1, "", "BEGIN");
	CHECK_STR(sb_str(&out), "  0      1                           :BEGIN ");
	sb_reset(&out);
	fmt_probe_line(&out, 3, 123456, "sys_read", "entry");
	CHECK_STR(sb_str(&out), "  3 123456                   sys_read:entry ");
	sb_reset(&out);
	fmt_probe_line(&out, 12, 9, "a_function_with_a_long_long_name",
		       "return");
	CHECK_STR(sb_str(&out),
		  " 12      9 a_function_with_a_long_long_name:return ");
	sb_reset(&out);
	fmt_flow_heading(&out);
	CHECK_STR(sb_str(&out), "CPU FUNCTION                                 \n");
	sb_reset(&out);
	fmt_flow_line(&out, 0, 2, "-> ", "open", NULL);
	CHECK_STR(sb_str(&out),
		  "  0   -> open                                 ");
	sb_reset(&out);
	fmt_flow_line(&out, 1, 0, "| ", "open", "tick");
	CHECK_STR(sb_str(&out),
		  "  1 | open:tick                               ");
}

int main(void)
{
	RUN(test_int_sizes);
	RUN(test_int_flags);
	RUN(test_size_prefixes);
	RUN(test_char_ptr_pct);
	RUN(test_strings);
	RUN(test_dynamic);
	RUN(test_floats);
	RUN(test_addr_escape);
	RUN(test_time_stack);
	RUN(test_parse_errors);
	RUN(test_nargs);
	RUN(test_arg_checks);
	RUN(test_count_checks);
	RUN(test_trace_ints);
	RUN(test_trace_strings);
	RUN(test_trace_bytes);
	RUN(test_probe_lines);
	sb_free(&out);
	arena_free(&arena);
	return UNIT_DONE();
}

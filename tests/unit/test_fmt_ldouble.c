/*
 * Unit tests for recorded long double values (src/runtime/fmt_float.c
 * and their use in fmt_print.c and fmt_type.c): the 16 recorded bytes
 * read back as the C compiler's long double by printf's %Lf %Le %Lg
 * (and %f, which takes any floating value), trace() printing them as a
 * hex dump like any record of that size, and print() of a member with
 * DTrace's %+.16LE.
 */
#include <string.h>

#include "../../src/compile/types.h"
#include "../../src/runtime/fmt.h"
#include "unit.h"

struct rec {
	long double a;
	long double b;
};

static const struct dval vals[2] = {
	{ .kind = DV_FLOAT, .offset = 0, .size = 16 },
	{ .kind = DV_FLOAT, .offset = 16, .size = 16 },
};

static void test_value(void)
{
	struct rec r = { .a = -2.25L, .b = 1e300L * 1e300L };

	CHECK(fmt_ldouble_value(&vals[0], &r) == -2.25L);
	CHECK(fmt_ldouble_value(&vals[1], &r) == 1e600L);
}

static void test_printf(void)
{
	static const char *const cases[][2] = {
		{ "%Lf %Lg", "1.500000 1e+600" },
		{ "%Le|%LE", "1.500000e+00|1.000000E+600" },
		{ "[%8.2Lf] [%-9LG]", "[    1.50] [1E+600   ]" },
		{ "%f %e", "1.500000 1.000000e+600" },	/* any floating value */
	};
	struct rec r = { .a = 1.5L, .b = 1e600L };

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct arena a = { 0 };
		struct strbuf out = { 0 };
		char err[256];
		struct fmt *f;

		CHECK(fmt_parse(&a, cases[i][0], &f, err, sizeof(err)) == 0);
		CHECK(fmt_printf(&out, f, vals, 2, &r) == 0);
		CHECK_STR(sb_str(&out), cases[i][1]);
		sb_free(&out);
		arena_free(&a);
	}
}

static void test_trace(void)
{
	struct rec r;
	struct strbuf out = { 0 };

	long double v = 1.5L;

	/* the value's 10 bytes over zeros: a store of r.a itself leaves
	 * the 6 bytes of padding unspecified (the compiler may drop the
	 * memset of them) */
	memset(&r, 0, sizeof(r));
	memcpy(&r.a, &v, 10);
	fmt_trace(&out, &vals[0], &r, true);
	CHECK_STR(sb_str(&out), "\n"
		  "             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef\n"
		  "         0: 00 00 00 00 00 00 00 c0 ff 3f 00 00 00 00 00 00  .........?......\n");
	sb_free(&out);
}

/* one member past a char: offset 16, as the x86-64 ABI aligns it */
static void test_print(void)
{
	struct dtype t_char = { .kind = DT_INT, .size = 1, .is_signed = true,
				.name = "char" };
	struct dtype t_ld = { .kind = DT_FLOAT, .size = 16,
			      .name = "long double" };
	struct dmember mv = { .name = "v", .type = &t_ld, .bit_off = 128 };
	struct dmember mc = { .next = &mv, .name = "c", .type = &t_char };
	struct dtype st = { .kind = DT_STRUCT, .size = 32, .name = "struct ld",
			    .members = &mc };
	struct rec r = { .b = -3.0L };
	struct strbuf out = { 0 };

	memset(&r.a, 0, sizeof(r.a));
	fmt_print_type(&out, 0x2000, &st, &r, sizeof(r), NULL);
	CHECK_STR(sb_str(&out), "0x2000 = *\n"
		  "                                            (struct ld) {\n"
		  "                                             .v = (long double)-3.0000000000000000E+00,\n"
		  "                                            }\n");
	sb_free(&out);
}

int main(void)
{
	RUN(test_print);
	RUN(test_trace);
	RUN(test_value);
	RUN(test_printf);
	return UNIT_DONE();
}

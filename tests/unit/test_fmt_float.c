/*
 * Unit tests for recorded floating-point values (src/runtime/fmt_float.c
 * and their use by printf and trace in fmt_print.c): a float's or a
 * double's bits converted by %e %f %g, and trace() printing the bits as
 * an integer of the record's size, as DTrace does; print() of a struct
 * with floating members (fmt_type.c), each as %+.7e.
 */
#include <string.h>

#include "../../src/compile/types.h"
#include "../../src/runtime/fmt.h"
#include "unit.h"

struct rec {
	double d;
	float f;
};

static const struct dval vals[2] = {
	{ .kind = DV_FLOAT, .offset = 0, .size = 8 },
	{ .kind = DV_FLOAT, .offset = 8, .size = 4 },
};

static void test_value(void)
{
	struct rec r = { .d = -1.25, .f = 2.5f };

	CHECK(fmt_float_value(&vals[0], &r) == -1.25);
	CHECK(fmt_float_value(&vals[1], &r) == 2.5);
}

static void check_printf(const char *format, const char *want)
{
	struct rec r = { .d = 1.5, .f = 0.125f };
	struct strbuf out = { 0 };
	struct arena a = { 0 };
	struct fmt *f;
	char err[256];

	CHECK(fmt_parse(&a, format, &f, err, sizeof(err)) == 0);
	CHECK(fmt_printf(&out, f, vals, 2, &r) == 0);
	CHECK_STR(sb_str(&out), want);
	sb_free(&out);
	arena_free(&a);
}

static void test_printf(void)
{
	check_printf("%f %f", "1.500000 0.125000");
	check_printf("%e|%E", "1.500000e+00|1.250000E-01");
	check_printf("%g %G", "1.5 0.125");
	check_printf("[%8.2f] [%-9g]", "[    1.50] [0.125    ]");
}

static void test_trace(void)
{
	struct rec r = { .d = 1.5, .f = 2.5f };
	struct strbuf out = { 0 };

	fmt_trace(&out, &vals[0], &r, true);
	sb_adds(&out, " ");
	fmt_trace(&out, &vals[1], &r, false);
	CHECK_STR(sb_str(&out), "4609434218613702656  1075838976");
	sb_free(&out);
}

static void test_print(void)
{
	struct dtype t_double = { .kind = DT_FLOAT, .size = 8, .name = "double" };
	struct dtype t_float = { .kind = DT_FLOAT, .size = 4, .name = "float" };
	struct dmember mf = { .name = "f", .type = &t_float, .bit_off = 64 };
	struct dmember md = { .next = &mf, .name = "d", .type = &t_double };
	struct dtype st = { .kind = DT_STRUCT, .size = 16, .name = "struct fp",
			    .members = &md };
	struct rec r = { .d = 1.5, .f = -0.25f };
	struct strbuf out = { 0 };

	fmt_print_type(&out, 0x1000, &st, &r, sizeof(r), NULL);
	CHECK_STR(sb_str(&out), "0x1000 = *\n"
		  "                                            (struct fp) {\n"
		  "                                             .d = (double)+1.5000000e+00,\n"
		  "                                             .f = (float)-2.5000000e-01,\n"
		  "                                            }\n");
	sb_free(&out);
}

int main(void)
{
	RUN(test_value);
	RUN(test_printf);
	RUN(test_trace);
	RUN(test_print);
	return UNIT_DONE();
}

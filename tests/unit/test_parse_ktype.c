/*
 * Kernel type names in the parser (parse_ktype.c): a name the kernel
 * defines as a typedef is a type name where the grammar needs to know,
 * D's and the script's names come first, the kernel is asked only for
 * names in type position and at most once per name, and a program that
 * names no kernel type never asks at all.  The kernel is a fake here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/compile/parse.h"
#include "unit.h"

static int asked;

static bool fake_kernel(void *ctx, const char *name)
{
	(void)ctx;
	asked++;
	return !strcmp(name, "u32") || !strcmp(name, "loff_t");
}

/* "OK <dump>", or "TAG line:col" of the error; kernel: use fake_kernel */
static const char *parse_with(const char *text, bool kernel)
{
	static char out[4096];
	struct arena a = {0};
	struct diag d = {0};
	struct program prog = { .kernel_type = kernel ? fake_kernel : NULL };
	struct source src = { .name = "t.d", .text = text, .is_file = true };

	asked = 0;
	if (parse_program(&a, &src, &d, &prog) < 0 || d.failed) {
		snprintf(out, sizeof(out), "%s %d:%d", dtag_name(d.tag),
			 d.loc.line, d.loc.col);
	} else {
		FILE *fp = fmemopen(out, sizeof(out), "w");

		fputs("OK ", fp);
		ast_dump(prog.top, fp);
		fclose(fp);
	}
	arena_free(&a);
	return out;
}

static bool parses(const char *text, bool kernel)
{
	return !strncmp(parse_with(text, kernel), "OK", 2);
}

static void test_members(void)
{
	CHECK(parses("struct s { u32 a; loff_t b; u32 c; };", true));
	CHECK_INT(asked, 2);		/* u32 asked once, then known */
	CHECK_STR(parse_with("struct s { u32 a; };", false), "D_SYNTAX 1:12");
	CHECK_STR(parse_with("struct s { nope_t a; };", true), "D_SYNTAX 1:12");
}

static void test_script_first(void)
{
	CHECK(parses("typedef int u32; struct s { u32 a; uint32_t b; };", true));
	CHECK_INT(asked, 0);
}

static void test_expressions(void)
{
	CHECK(strstr(parse_with("BEGIN { x = sizeof (loff_t); }", true),
		     "(typename loff_t)"));
	CHECK(strstr(parse_with("BEGIN { x = (u32)-1; }", true),
		     "(typename u32)"));
	/* not types: variables, whatever the kernel is asked */
	CHECK(!strstr(parse_with("BEGIN { x = (y) - 1; }", true), "typename"));
	CHECK_INT(asked, 1);
	CHECK(!strstr(parse_with("BEGIN { u32 = 1; x = u32 + this->u32; }",
				 true), "typename"));
	CHECK_INT(asked, 0);
}

static void test_no_kernel_names(void)
{
	CHECK(parses("int g; BEGIN { x = (g) / 2; y[1] = (int)x; z = x * 2;"
		     " trace((x)); }", true));
	CHECK_INT(asked, 0);
	CHECK(parses("BEGIN { x = (y) + 1; }", false));
}

int main(void)
{
	RUN(test_members);
	RUN(test_script_first);
	RUN(test_expressions);
	RUN(test_no_kernel_names);
	return UNIT_DONE();
}

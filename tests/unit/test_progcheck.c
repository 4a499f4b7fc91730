/*
 * Unit tests for the whole-program checks: which probe descriptions
 * reference a macro argument (for D_MACRO_UNUSED), and the -x argref and
 * -x empty options that turn the checks off.
 */
#include "../../src/compile/progcheck.h"
#include "../../src/runtime/options.h"

#include "unit.h"

static void test_desc_refs(void)
{
	CHECK(progcheck_desc_refs("syscall::$1:entry", 1));
	CHECK(progcheck_desc_refs("syscall::$$2:entry", 2));
	CHECK(progcheck_desc_refs("pid$3:::entry", 3));
	CHECK(!progcheck_desc_refs("pid$target:::entry", 1));
	CHECK(!progcheck_desc_refs("syscall::$12:entry", 1));
	CHECK(progcheck_desc_refs("syscall::$12:entry", 12));
	CHECK(!progcheck_desc_refs("syscall::read:entry", 0));
	CHECK(progcheck_desc_refs("a$1b$2", 2));
}

static void test_options(void)
{
	struct dopts o;
	char err[64];

	dopts_init(&o);
	CHECK(!o.argref && !o.empty);
	CHECK_INT(dopts_setarg(&o, "argref", err, sizeof(err)), 0);
	CHECK_INT(dopts_setarg(&o, "empty", err, sizeof(err)), 0);
	CHECK(o.argref && o.empty);
}

int main(void)
{
	RUN(test_desc_refs);
	RUN(test_options);
	return UNIT_DONE();
}

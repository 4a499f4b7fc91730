/*
 * Unit test for conditional actions in the record consumer: a clause
 * with if/else (dstmt.cond_mask) records a 64-bit word after the header
 * with a bit per action that ran, and only those actions print.
 */
#include <errno.h>
#include <string.h>

#include "../../src/codegen/dobj.h"
#include "../../src/runtime/consume.h"
#include "../../src/runtime/options.h"
#include "unit.h"

static struct dval vals[3] = {
	{ .kind = DV_INT, .is_signed = true, .offset = 24, .size = 4 },
	{ .kind = DV_INT, .is_signed = true, .offset = 28, .size = 4 },
	{ .kind = DV_INT, .is_signed = true, .offset = 32, .size = 4 },
};
static struct dact acts[3] = {
	{ .kind = DACT_PRINTF, .fmt = "a=%d\n", .vals = &vals[0], .nvals = 1 },
	{ .kind = DACT_PRINTF, .fmt = "b=%d\n", .vals = &vals[1], .nvals = 1 },
	{ .kind = DACT_PRINTF, .fmt = "c=%d\n", .vals = &vals[2], .nvals = 1 },
};

struct rec {
	struct rec_hdr h;
	uint64_t mask;
	int32_t a, b, c, pad;
};

static void test_mask(void)
{
	struct arena ar = {0};
	struct dobj o;
	struct dopts opts;
	struct consumer c;
	char msg[256];
	struct dstmt st = { .epid = 1, .acts = acts, .nacts = 3,
			    .size = sizeof(struct rec), .cond_mask = true };
	struct rec r;

	memset(&r, 0, sizeof(r));
	r.h.epid = 1;
	r.a = 1;
	r.b = 2;
	r.c = 3;
	dopts_init(&opts);
	opts.quiet = true;
	dobj_init(&o, &ar);
	vec_push(&o.stmts, st);
	CHECK_INT(consume_init(&c, &o, NULL, &opts, msg, sizeof(msg)), 0);
	r.mask = 0x5;		/* the first and the third ran */
	CHECK_INT(consume_record(&c, &r, sizeof(r)), 0);
	r.mask = 0x2;
	CHECK_INT(consume_record(&c, &r, sizeof(r)), 0);
	r.mask = 0;		/* none ran */
	CHECK_INT(consume_record(&c, &r, sizeof(r)), 0);
	CHECK_STR(sb_str(&c.out), "a=1\nc=3\nb=2\n");
	CHECK_INT(consume_record(&c, &r, sizeof(struct rec_hdr) + 4), -EINVAL);
	consume_free(&c);
	dobj_free(&o);
	arena_free(&ar);
}

int main(void)
{
	RUN(test_mask);
	return UNIT_DONE();
}

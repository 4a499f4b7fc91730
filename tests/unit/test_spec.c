/*
 * Unit tests of the consumer's speculations (runtime/spec.c) and the
 * bufpolicy=ring record queue (runtime/bufpol.c), with synthetic
 * records: held records print at commit in their order, vanish at
 * discard, and free their id through the spec_done hook.
 */
#include <errno.h>
#include <string.h>

#include "../../src/codegen/dobj.h"
#include "../../src/runtime/bufpol.h"
#include "../../src/runtime/consume.h"
#include "../../src/runtime/options.h"
#include "unit.h"

struct rec {
	struct rec_hdr h;
	int32_t x;
	int32_t pad;
};

struct ctl {
	struct rec_hdr h;
	struct rec_spec s;
};

static struct dval vals[] = {
	{ .kind = DV_INT, .is_signed = true, .offset = 16, .size = 4 },
};
static struct dact acts[] = {
	{ .kind = DACT_PRINTF, .fmt = "x=%d\n", .vals = vals, .nvals = 1 },
};

static uint32_t freed[8];
static int nfreed;

static void spec_done(void *arg, uint32_t id)
{
	(void)arg;
	if (nfreed < 8)
		freed[nfreed++] = id;
}

static const struct consume_hooks hooks = { .spec_done = spec_done };

static struct rec rec(uint32_t spec, int x)
{
	struct rec r = { .h = { .epid = 1, .prid = 1, .spec = spec }, .x = x };

	return r;
}

static struct ctl ctl(uint32_t id, uint32_t op)
{
	struct ctl c = { .h = { .epid = REC_EPID_SPEC, .spec = id },
			 .s = { .op = op } };

	return c;
}

static void test_commit_discard(void)
{
	struct arena a = {0};
	struct dobj o;
	struct dopts opts;
	struct consumer c;
	struct dstmt st = { .epid = 1, .acts = acts, .nacts = 1,
			    .size = sizeof(struct rec) };
	char msg[256];
	struct rec r;
	struct ctl k;

	dopts_init(&opts);
	opts.quiet = true;
	dobj_init(&o, &a);
	vec_push(&o.stmts, st);
	CHECK_INT(consume_init(&c, &o, NULL, &opts, msg, sizeof(msg)), 0);
	c.hooks = &hooks;
	nfreed = 0;
	r = rec(2, 1);
	CHECK_INT(consume_record(&c, &r, sizeof(r)), 0);
	r = rec(0, 2);
	CHECK_INT(consume_record(&c, &r, sizeof(r)), 0);
	r = rec(3, 3);
	CHECK_INT(consume_record(&c, &r, sizeof(r)), 0);
	r = rec(2, 4);
	CHECK_INT(consume_record(&c, &r, sizeof(r)), 0);
	CHECK_STR(sb_str(&c.out), "x=2\n");
	k = ctl(3, SPEC_DISCARD);
	CHECK_INT(consume_record(&c, &k, sizeof(k)), 0);
	k = ctl(2, SPEC_COMMIT);
	CHECK_INT(consume_record(&c, &k, sizeof(k)), 0);
	CHECK_STR(sb_str(&c.out), "x=2\nx=1\nx=4\n");
	CHECK_INT(nfreed, 2);
	CHECK_INT(freed[0], 3);
	CHECK_INT(freed[1], 2);
	/* committing again: nothing held any more */
	CHECK_INT(consume_record(&c, &k, sizeof(k)), 0);
	CHECK_STR(sb_str(&c.out), "x=2\nx=1\nx=4\n");
	/* malformed control records */
	CHECK_INT(consume_record(&c, &k, sizeof(k) - 4), -EINVAL);
	k = ctl(0, SPEC_COMMIT);
	CHECK_INT(consume_record(&c, &k, sizeof(k)), -EINVAL);
	k = ctl(1, 7);
	CHECK_INT(consume_record(&c, &k, sizeof(k)), -EINVAL);
	/* held but never committed: freed with the consumer */
	r = rec(5, 5);
	CHECK_INT(consume_record(&c, &r, sizeof(r)), 0);
	consume_free(&c);
	dobj_free(&o);
	arena_free(&a);
}

static int sum_fn(void *arg, void *data, size_t size)
{
	int *sum = arg;
	int v;

	CHECK_INT(size, sizeof(v));
	memcpy(&v, data, sizeof(v));
	*sum = *sum * 10 + v;
	return 0;
}

static void test_ringq(void)
{
	struct ringq q = { .limit = 12 };
	int sum = 0;

	for (int i = 1; i <= 100; i++)
		CHECK_INT(ringq_push(&q, &i, sizeof(i), sizeof(i)), 0);
	CHECK_INT(q.len, 3);
	CHECK_INT(ringq_replay(&q, sum_fn, &sum), 0);
	CHECK_INT(sum, 98 * 100 + 99 * 10 + 100);
	CHECK_INT(q.len, 0);
	/* a record larger than the limit is still kept, alone */
	q.limit = 2;
	CHECK_INT(ringq_push(&q, &sum, sizeof(sum), sizeof(sum)), 0);
	CHECK_INT(q.len, 1);
	ringq_free(&q);
	CHECK_INT(q.len, 0);
}

int main(void)
{
	RUN(test_commit_discard);
	RUN(test_ringq);
	return UNIT_DONE();
}

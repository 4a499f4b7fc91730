/*
 * Unit tests for the consumer's fault message (DTrace's dt_handle_err()
 * words) from synthetic fault records: a fault in DIF code names its
 * offset, one while recording a value (a NULL string, REC_FAULT_NOPC)
 * does not, and ERROR's arg3 is then -1.
 */
#include <errno.h>

#include "../../src/codegen/dobj.h"
#include "../../src/runtime/consume.h"
#include "../../src/runtime/options.h"
#include "unit.h"

struct frec {
	struct rec_hdr h;
	struct rec_fault f;
};

static struct frec make_fault(uint32_t action, uint32_t pc, uint64_t addr)
{
	struct frec r;

	memset(&r, 0, sizeof(r));
	r.h.epid = REC_EPID_FAULT;
	r.h.prid = 1;
	r.f.epid = 3;
	r.f.action = action;
	r.f.fault = DFLT_BADADDR;
	r.f.pc = pc;
	r.f.addr = addr;
	return r;
}

static void test_fault_offsets(void)
{
	struct arena a = {0};
	struct dobj o;
	struct dopts opts;
	struct consumer c;
	char msg[256];
	struct frec dif = make_fault(2, 40, 0x10);
	struct frec rec = make_fault(1, REC_FAULT_NOPC, 0);

	dopts_init(&opts);
	opts.quiet = true;
	dobj_init(&o, &a);
	CHECK_INT(consume_init(&c, &o, NULL, &opts, msg, sizeof(msg)), 0);
	CHECK_INT(consume_record(&c, &dif, sizeof(dif)), 0);
	CHECK_INT((int)c.fault_args[3], 40);
	CHECK_INT(consume_record(&c, &rec, sizeof(rec)), 0);
	CHECK(c.fault_args[3] == (uint64_t)-1);
	CHECK_STR(sb_str(&c.err),
		  "dtrace: error on enabled probe ID 3 (ID 1: :::): "
		  "invalid address (0x10) in action #2 at DIF offset 40\n"
		  "dtrace: error on enabled probe ID 3 (ID 1: :::): "
		  "invalid address (0x0) in action #1\n");
	consume_free(&c);
	dobj_free(&o);
	arena_free(&a);
}

/* an array index out of bounds names the index, signed and in decimal */
static void test_fault_badindex(void)
{
	struct arena a = {0};
	struct dobj o;
	struct dopts opts;
	struct consumer c;
	char msg[256];
	struct frec big = make_fault(2, 12, 8), neg = make_fault(1, 30, -2);

	big.f.fault = neg.f.fault = DFLT_BADINDEX;
	dopts_init(&opts);
	opts.quiet = true;
	dobj_init(&o, &a);
	CHECK_INT(consume_init(&c, &o, NULL, &opts, msg, sizeof(msg)), 0);
	CHECK_INT(consume_record(&c, &big, sizeof(big)), 0);
	CHECK_INT(consume_record(&c, &neg, sizeof(neg)), 0);
	CHECK_STR(sb_str(&c.err),
		  "dtrace: error on enabled probe ID 3 (ID 1: :::): "
		  "index out of bounds (8) in action #2 at DIF offset 12\n"
		  "dtrace: error on enabled probe ID 3 (ID 1: :::): "
		  "index out of bounds (-2) in action #1 at DIF offset 30\n");
	consume_free(&c);
	dobj_free(&o);
	arena_free(&a);
}

int main(void)
{
	RUN(test_fault_offsets);
	RUN(test_fault_badindex);
	return UNIT_DONE();
}

/*
 * Unit tests for the runtime's kernel-free parts: the record consumer
 * against synthetic records, aggregation merging across CPUs, the
 * verifier-log reader and ring-buffer sizing.  As root it also loads a
 * hand-built program: map patching, and a verifier rejection's message.
 */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "../../src/codegen/dobj.h"
#include "../../src/codegen/insn.h"
#include "../../src/providers/provider.h"
#include "../../src/runtime/agg.h"
#include "../../src/runtime/consume.h"
#include "../../src/runtime/fmt.h"
#include "../../src/runtime/load.h"
#include "../../src/runtime/options.h"
#include "unit.h"

/* A dobj with one clause: printf("x=%d s=%s\n", int32 @16, string @20),
 * then exit(int32 @36). */
static struct dval pf_vals[2] = {
	{ .kind = DV_INT, .is_signed = true, .offset = 16, .size = 4 },
	{ .kind = DV_STRING, .offset = 20, .size = 16 },
};
static struct dval exit_val = { .kind = DV_INT, .is_signed = true,
				.offset = 36, .size = 4 };
static struct dact acts[2] = {
	{ .kind = DACT_PRINTF, .fmt = "x=%d s=%s\n", .vals = pf_vals,
	  .nvals = 2 },
	{ .kind = DACT_EXIT, .vals = &exit_val, .nvals = 1 },
};

struct rec {
	struct rec_hdr h;
	int32_t x;
	char s[16];
	int32_t status;
};

static void make_obj(struct dobj *o, struct arena *a, int nacts)
{
	struct dstmt st = { .epid = 1, .acts = acts, .nacts = nacts,
			    .size = sizeof(struct rec) };

	dobj_init(o, a);
	vec_push(&o->stmts, st);
}

static struct rec make_rec(uint32_t cpu, uint32_t prid, int x, const char *s,
			   int status)
{
	struct rec r;

	memset(&r, 0, sizeof(r));
	r.h.epid = 1;
	r.h.prid = prid;
	r.h.cpu = cpu;
	r.x = x;
	snprintf(r.s, sizeof(r.s), "%s", s);
	r.status = status;
	return r;
}

static void test_consume_quiet(void)
{
	struct arena a = {0};
	struct dobj o;
	struct dopts opts;
	struct consumer c;
	char msg[256];
	struct rec r = make_rec(0, 1, 42, "hi", 0);

	dopts_init(&opts);
	opts.quiet = true;
	make_obj(&o, &a, 1);
	CHECK_INT(consume_init(&c, &o, NULL, &opts, msg, sizeof(msg)), 0);
	CHECK_INT(consume_record(&c, &r, sizeof(r)), 0);
	r.x = -7;
	CHECK_INT(consume_record(&c, &r, sizeof(r)), 0);
	CHECK_STR(sb_str(&c.out), "x=42 s=hi\nx=-7 s=hi\n");
	CHECK(!c.exited);
	/* malformed: short, bad epid */
	CHECK_INT(consume_record(&c, &r, 8), -EINVAL);
	CHECK_INT(consume_record(&c, &r, sizeof(r) - 4), -EINVAL);
	r.h.epid = 2;
	CHECK_INT(consume_record(&c, &r, sizeof(r)), -EINVAL);
	/* epid 0 is a fault record; too short for one here */
	r.h.epid = REC_EPID_FAULT;
	CHECK_INT(consume_record(&c, &r, sizeof(struct rec_hdr) + 4), -EINVAL);
	consume_free(&c);
	dobj_free(&o);
	arena_free(&a);
}

static void test_consume_default(void)
{
	struct arena a = {0}, pa = {0};
	struct probe_table tab;
	struct probe p = { .id = 1, .provname = "syscall", .mod = "vmlinux",
			   .func = "read", .name = "entry", .nargs = -1 };
	struct dobj o;
	struct dopts opts;
	struct consumer c;
	struct strbuf want = {0};
	char msg[256];
	struct rec r = make_rec(3, 1, 1, "a", 0);

	probes_init(&tab, &pa);
	vec_push(&tab.probes, &p);
	dopts_init(&opts);
	make_obj(&o, &a, 1);
	CHECK_INT(consume_init(&c, &o, &tab, &opts, msg, sizeof(msg)), 0);
	CHECK_INT(consume_record(&c, &r, sizeof(r)), 0);
	CHECK_INT(consume_record(&c, &r, sizeof(r)), 0);
	/* heading once; each record: probe line, actions, newline */
	fmt_heading(&want, true);
	fmt_probe_line(&want, true, 3, 1, "read", "entry");
	sb_adds(&want, "x=1 s=a\n\n");
	fmt_probe_line(&want, true, 3, 1, "read", "entry");
	sb_adds(&want, "x=1 s=a\n\n");
	CHECK_STR(sb_str(&c.out), sb_str(&want));
	CHECK(strncmp(sb_str(&c.out), "CPU     ID", 10) == 0);
	sb_free(&want);
	consume_free(&c);
	dobj_free(&o);
	arena_free(&a);
	vec_free(&tab.probes);
	arena_free(&pa);
}

static void test_consume_exit(void)
{
	struct arena a = {0};
	struct dobj o;
	struct dopts opts;
	struct consumer c;
	char msg[256];
	struct rec r = make_rec(1, 5, 1, "a", 3);
	struct rec other = make_rec(2, 5, 2, "b", 0);

	dopts_init(&opts);
	opts.quiet = true;
	make_obj(&o, &a, 2);
	CHECK_INT(consume_init(&c, &o, NULL, &opts, msg, sizeof(msg)), 0);
	CHECK_INT(consume_record(&c, &r, sizeof(r)), 0);
	CHECK(c.exited);
	CHECK_INT(c.status, 3);
	/* another firing after exit() is not shown ... */
	CHECK_INT(consume_record(&c, &other, sizeof(other)), 0);
	CHECK_STR(sb_str(&c.out), "x=1 s=a\n");
	/* ... until END is fired */
	consume_accept_all(&c);
	other.status = 9;
	CHECK_INT(consume_record(&c, &other, sizeof(other)), 0);
	CHECK_STR(sb_str(&c.out), "x=1 s=a\nx=2 s=b\n");
	CHECK_INT(c.status, 9);
	consume_free(&c);
	dobj_free(&o);
	arena_free(&a);
}

static void test_agg_merge(void)
{
	struct dagg count = { .func = AGG_COUNT, .value_size = 8 };
	struct dagg sum = { .func = AGG_SUM, .value_size = 8, .nkeys = 0 };
	struct dagg sum16 = { .func = AGG_SUM, .value_size = 16 };
	struct dagg min = { .func = AGG_MIN, .value_size = 16 };
	struct dagg max = { .func = AGG_MAX, .value_size = 16 };
	struct dagg avg = { .func = AGG_AVG, .value_size = 16 };
	int64_t c3[3] = { 2, 0, 5 }, z3[3] = { 0, 0, 0 };
	/* per CPU {n, value}; CPU 1 never updated */
	int64_t mm[6] = { 2, 10, 0, 0, 1, -4 }, mm2[6] = { 1, 7, 0, 0, 0, 0 };
	int64_t out[4];

	CHECK(agg_merge(&count, c3, 3, 8, out));
	CHECK_INT(out[0], 7);
	CHECK(!agg_merge(&count, z3, 3, 8, out));
	CHECK(agg_merge(&sum, c3, 3, 8, out));
	CHECK_INT(out[0], 7);
	CHECK(!agg_merge(&sum, z3, 3, 8, out));
	CHECK(agg_merge(&sum16, mm, 3, 16, out));
	CHECK_INT(out[0], 6);
	CHECK(agg_merge(&min, mm, 3, 16, out));
	CHECK_INT(out[0], 3);
	CHECK_INT(out[1], -4);	/* CPU 1's 0 is not a value */
	CHECK(agg_merge(&max, mm, 3, 16, out));
	CHECK_INT(out[1], 10);
	CHECK(agg_merge(&max, mm2, 3, 16, out));
	CHECK_INT(out[1], 7);
	CHECK(agg_merge(&avg, mm, 3, 16, out));
	CHECK_INT(out[0], 3);
	CHECK_INT(out[1], 6);
}

static void test_log_reason(void)
{
	char buf[128];
	const char *log =
		"func#0 @0\n"
		"0: R1=ctx() R10=fp0\n"
		"0: (b7) r0 = 0\n"
		"1: (79) r1 = *(u64 *)(r0 +0)\n"
		"R0 invalid mem access 'scalar'\n"
		"processed 2 insns (limit 1000000) max_states_per_insn 0\n"
		"\n";

	CHECK_INT(load_log_reason(log, buf, sizeof(buf)), 1);
	CHECK_STR(buf, "R0 invalid mem access 'scalar'");
	CHECK_INT(load_log_reason("", buf, sizeof(buf)), -1);
	CHECK_STR(buf, "rejected by the BPF verifier");
}

static void test_ringbuf_size(void)
{
	uint32_t page = (uint32_t)sysconf(_SC_PAGESIZE);
	struct dopts o = { .bufsize = 4 << 20 };

	CHECK_INT(load_ringbuf_size(NULL, &o), 4 << 20);
	o.bufsize = 3 << 20;
	CHECK_INT(load_ringbuf_size(NULL, &o), 4 << 20);
	o.bufsize = 1;
	CHECK_INT(load_ringbuf_size(NULL, &o), page);
	o.bufsize = page + 1;
	CHECK_INT(load_ringbuf_size(NULL, &o), 2 * page);
	/* fill: room for four times bufsize of DTrace's records */
	o.bufpolicy = "fill";
	CHECK_INT(load_ringbuf_size(NULL, &o), 8 * page);
	/* aggregations only: a small ring, unless bufsize was given */
	struct dobj obj = { .records = false };

	o.bufpolicy = NULL;
	o.bufsize = 4 << 20;
	CHECK_INT(load_ringbuf_size(&obj, &o), LOAD_QUIET_RING);
	obj.records = true;
	CHECK_INT(load_ringbuf_size(&obj, &o), 4 << 20);
	obj.records = false;
	o.bufsize_set = true;
	CHECK_INT(load_ringbuf_size(&obj, &o), 4 << 20);
}

/* As root: patch map indexes to fds, and explain a verifier rejection. */
static void test_load_kernel(void)
{
	struct arena a = {0};
	struct dobj o;
	struct dopts opts;
	struct dmap arr = { .name = "t_arr", .type = BPF_MAP_TYPE_ARRAY,
			    .key_size = 4, .value_size = 8,
			    .max_entries = 1 };
	uint64_t init = 5;
	struct bpf_insn good[] = {
		I_LD_IMM64_LO(R1, BPF_PSEUDO_MAP_VALUE, 0),
		I_LD_IMM64_HI(0),
		I_LDX_MEM(BPF_DW, R0, R1, 0),
		I_EXIT(),
	};
	struct bpf_insn bad[] = {
		I_MOV64_IMM(R0, 0),
		I_LDX_MEM(BPF_DW, R1, R0, 0),	/* null dereference */
		I_EXIT(),
	};
	struct dprog p = { .prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
			   .insns = good, .ninsns = 4, .name = "t_good" };
	FILE *err = tmpfile();
	char text[512] = "";

	if (geteuid() != 0)
		return;
	dopts_init(&opts);
	dobj_init(&o, &a);
	arr.init = &init;
	arr.init_size = 8;
	arr.freeze = true;
	dobj_add_map(&o, &arr);
	vec_push(&o.progs, p);
	load_init(&o);
	CHECK_INT(load_maps(&o, &opts, err), 0);
	CHECK(o.maps.data[0].fd >= 0);
	CHECK_INT(load_progs(&o, &opts, err), 0);
	CHECK(o.progs.data[0].fd >= 0);
	load_unload(&o);
	CHECK_INT(o.progs.data[0].fd, -1);
	/* a map index out of range is refused before the kernel sees it */
	good[0].imm = 3;
	CHECK_INT(load_patch_maps(good, 4, &o), -EINVAL);
	o.progs.data[0].insns = bad;
	o.progs.data[0].ninsns = 3;
	CHECK_INT(load_maps(&o, &opts, err), 0);
	CHECK(load_progs(&o, &opts, err) < 0);
	rewind(err);
	CHECK(fread(text, 1, sizeof(text) - 1, err) > 0);
	CHECK(strstr(text, "dtrace: failed to load program t_good: ") == text);
	CHECK(strstr(text, "(instruction 1)") != NULL);
	load_unload(&o);
	fclose(err);
	dobj_free(&o);
	arena_free(&a);
}

int main(void)
{
	RUN(test_consume_quiet);
	RUN(test_consume_default);
	RUN(test_consume_exit);
	RUN(test_agg_merge);
	RUN(test_log_reason);
	RUN(test_ringbuf_size);
	RUN(test_load_kernel);
	return UNIT_DONE();
}

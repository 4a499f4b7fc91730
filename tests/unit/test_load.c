/*
 * Verifier diagnostics: a rejected program is reported with the clause
 * and statement its failing instruction was generated for (the line
 * table of struct dprog), and the verifier's complaint in words.  The
 * pure parts (words, line lookup) run anywhere; loading needs root.
 */
#include <bpf/bpf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "../../src/codegen/dobj.h"
#include "../../src/codegen/insn.h"
#include "../../src/runtime/kvers.h"
#include "../../src/runtime/load.h"
#include "../../src/runtime/options.h"
#include "unit.h"

static void test_words(void)
{
	CHECK_STR(load_verifier_words("R0 invalid mem access 'scalar'"),
		  "reads memory through an invalid pointer");
	CHECK_STR(load_verifier_words("R3 !read_ok"),
		  "reads a register that was never set");
	CHECK_STR(load_verifier_words("R0 !read_ok"),
		  "returns without setting a return value");
	CHECK_STR(load_verifier_words("back-edge from insn 7 to 3"),
		  "contains a loop");
	CHECK(load_verifier_words("something new") == NULL);
}

/* a helper a kernel is too old for: which one, and the release */
static void test_helper_words(void)
{
	char b[160];

	/* 5.10: bpf_loop() (5.17) is past its last helper */
	CHECK(kvers_helper_words("invalid func unknown#181",
				 "5.10.0-28-amd64", b, sizeof(b)));
	CHECK_STR(b, "calls bpf_loop(), which needs Linux 5.17 (this kernel "
		  "is 5.10.0-28-amd64)");
	/* 5.10's words for one it knows but not for this program type */
	CHECK(kvers_helper_words("unknown func bpf_get_attach_cookie#174",
				 "5.10.0", b, sizeof(b)));
	CHECK_STR(b, "calls bpf_get_attach_cookie(), which needs Linux 5.15 "
		  "(this kernel is 5.10.0)");
	/* new enough: not the kernel's age, the program type */
	CHECK(!kvers_helper_words("unknown func bpf_get_attach_cookie#174",
				  "6.1.0", b, sizeof(b)));
	CHECK(kvers_helper_words("invalid func unknown#10000", "6.18.0", b,
				 sizeof(b)));
	CHECK_STR(b, "calls BPF helper #10000, which this kernel (6.18.0) "
		  "does not have");
	CHECK(!kvers_helper_words("R0 !read_ok", "5.10.0", b, sizeof(b)));
	CHECK(!kvers_helper_words("invalid func unknown", "5.10.0", b,
				  sizeof(b)));
	CHECK(kvers_map_words(BPF_MAP_TYPE_RINGBUF, "5.4.0-150-generic", b,
			      sizeof(b)));
	CHECK_STR(b, "the BPF ring buffer needs Linux 5.8 (this kernel is "
		  "5.4.0-150-generic)");
	CHECK(!kvers_map_words(BPF_MAP_TYPE_RINGBUF, "5.8.0", b, sizeof(b)));
	CHECK(!kvers_map_words(BPF_MAP_TYPE_HASH, "4.19.0", b, sizeof(b)));
}

static const struct source src = { .name = "t.d", .text = "", .is_file = true };

static void test_find_line(void)
{
	struct dline lines[] = {
		{ .insn = 0 },
		{ .insn = 10, .epid = 1, .action = 0, .loc = { &src, 3, 1, 0 } },
		{ .insn = 14, .epid = 1, .action = 1, .loc = { &src, 4, 2, 0 } },
		{ .insn = 20, .epid = 0 },
	};
	struct dprog p = { .lines = lines, .nlines = 4 };

	CHECK(load_find_line(&p, -1) == NULL);
	CHECK(load_find_line(&p, 5) == &lines[0]);
	CHECK(load_find_line(&p, 10) == &lines[1]);
	CHECK(load_find_line(&p, 13) == &lines[1]);
	CHECK(load_find_line(&p, 19) == &lines[2]);
	CHECK(load_find_line(&p, 25) == &lines[3]);
	p.nlines = 0;
	CHECK(load_find_line(&p, 12) == NULL);
}

/*
 * Load p (clauses st[0..nst)) for real and put what dtrace says about
 * its refusal in text.
 */
static void load_refused(const struct dprog *p, const struct dstmt *st,
			 size_t nst, char *text, size_t len)
{
	struct arena a = {0};
	struct dobj o;
	struct dopts opts;
	FILE *err = tmpfile();

	dopts_init(&opts);
	dobj_init(&o, &a);
	for (size_t i = 0; i < nst; i++)
		vec_push(&o.stmts, st[i]);
	vec_push(&o.progs, *p);
	load_init(&o);
	CHECK_INT(load_maps(&o, &opts, err), 0);
	CHECK(load_progs(&o, &opts, err) < 0);
	rewind(err);
	CHECK(fread(text, 1, len - 1, err) > 0);
	load_unload(&o);
	fclose(err);
	dobj_free(&o);
	arena_free(&a);
}

/*
 * As root: two clauses; the second one's second statement reads through
 * a NULL pointer.  The message names that clause and statement.
 */
static void test_reject_names_clause(void)
{
	struct bpf_insn bad[] = {
		I_MOV64_IMM(R0, 0),		/* prologue */
		I_MOV64_IMM(R1, 1),		/* clause 1, statement 1 */
		I_MOV64_IMM(R2, 0),		/* clause 2, statement 1 */
		I_LDX_MEM(BPF_DW, R1, R2, 0),	/* clause 2, statement 2 */
		I_EXIT(),
	};
	struct dline lines[] = {
		{ .insn = 0 },
		{ .insn = 1, .epid = 1, .action = 1, .loc = { &src, 2, 9, 0 } },
		{ .insn = 2, .epid = 2, .action = 1, .loc = { &src, 5, 9, 0 } },
		{ .insn = 3, .epid = 2, .action = 2, .loc = { &src, 6, 9, 0 } },
		{ .insn = 4, .epid = 0 },
	};
	struct dstmt st[2] = {
		{ .epid = 1, .loc = { &src, 1, 1, 0 } },
		{ .epid = 2, .loc = { &src, 4, 1, 0 } },
	};
	struct dprog p = { .prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
			   .insns = bad, .ninsns = 5, .name = "t_bad",
			   .lines = lines, .nlines = 5 };
	char text[512] = "";

	if (geteuid() != 0)
		return;
	load_refused(&p, st, 2, text, sizeof(text));
	CHECK_STR(text, "dtrace: failed to load program for clause at t.d:4 "
		  "(statement 2, line 6): the generated code reads memory "
		  "through an invalid pointer (verifier: R2 invalid mem "
		  "access 'scalar') (instruction 3)\n");
}

/*
 * As root: a call of a helper number past this kernel's last is refused
 * by this kernel's verifier; the message says which and the release.
 */
static void test_reject_unknown_helper(void)
{
	struct bpf_insn bad[] = {
		I_CALL(10000),
		I_MOV64_IMM(R0, 0),
		I_EXIT(),
	};
	struct dline lines[] = {
		{ .insn = 0, .epid = 1, .action = 1, .loc = { &src, 2, 9, 0 } },
	};
	struct dstmt st = { .epid = 1, .loc = { &src, 1, 1, 0 } };
	struct dprog p = { .prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
			   .insns = bad, .ninsns = 3, .name = "t_helper",
			   .lines = lines, .nlines = 1 };
	char text[512] = "", want[512];
	struct utsname u;

	if (geteuid() != 0 || uname(&u) != 0)
		return;
	snprintf(want, sizeof(want), "dtrace: failed to load program for "
		 "clause at t.d:1 (statement 1, line 2): the generated code "
		 "calls BPF helper #10000, which this kernel (%s) does not "
		 "have (verifier: invalid func unknown#10000) (instruction "
		 "0)\n", u.release);
	load_refused(&p, &st, 1, text, sizeof(text));
	CHECK_STR(text, want);
}

int main(void)
{
	RUN(test_helper_words);
	RUN(test_words);
	RUN(test_find_line);
	RUN(test_reject_names_clause);
	RUN(test_reject_unknown_helper);
	return UNIT_DONE();
}

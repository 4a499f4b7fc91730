/*
 * Verifier diagnostics: a rejected program is reported with the clause
 * and statement its failing instruction was generated for (the line
 * table of struct dprog), and the verifier's complaint in words.  The
 * pure parts (words, line lookup) run anywhere; loading needs root.
 */
#include <bpf/bpf.h>
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "../../src/codegen/dobj.h"
#include "../../src/codegen/insn.h"
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
 * As root: two clauses; the second one's second statement reads through
 * a NULL pointer.  The message names that clause and statement.
 */
static void test_reject_names_clause(void)
{
	struct arena a = {0};
	struct dobj o;
	struct dopts opts;
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
	FILE *err = tmpfile();
	char text[512] = "";

	if (geteuid() != 0) {
		fclose(err);
		return;
	}
	dopts_init(&opts);
	dobj_init(&o, &a);
	vec_push(&o.stmts, st[0]);
	vec_push(&o.stmts, st[1]);
	vec_push(&o.progs, p);
	load_init(&o);
	CHECK_INT(load_maps(&o, &opts, err), 0);
	CHECK(load_progs(&o, &opts, err) < 0);
	rewind(err);
	CHECK(fread(text, 1, sizeof(text) - 1, err) > 0);
	CHECK_STR(text, "dtrace: failed to load program for clause at t.d:4 "
		  "(statement 2, line 6): the generated code reads memory "
		  "through an invalid pointer (verifier: R2 invalid mem "
		  "access 'scalar') (instruction 3)\n");
	load_unload(&o);
	fclose(err);
	dobj_free(&o);
	arena_free(&a);
}

int main(void)
{
	RUN(test_words);
	RUN(test_find_line);
	RUN(test_reject_names_clause);
	return UNIT_DONE();
}

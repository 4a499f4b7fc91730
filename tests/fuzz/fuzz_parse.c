/*
 * libFuzzer target for the D compiler's front end: each input is D
 * source, run through compile() with front_only set, so the lexer, the
 * parser, the pragmas, probe matching and the semantic checks all see it
 * and nothing reaches the kernel (no code generated, no provider reads a
 * process or tracefs; the probe table holds only BEGIN, END and ERROR,
 * and profile's tick-N probes as descriptions create them).  Any error is
 * then printed (to /dev/null) as dtrace would, so a bad location or
 * caret line shows too.  Kernel type names still come from the kernel's
 * BTF file when a program names one.
 *
 * Most inputs are scripts (-s); one in four, by its length, is a
 * command-line description instead (-n, -f, -m or -P), whose last field
 * the parser reads differently.  Most are compiled as with -Z, so that
 * the clauses of probes the table lacks (syscall::openat:entry) are
 * still checked; one in eight, by length, is not, for the "does not
 * match any probes" error.
 *
 * Built by `make fuzz` (build-fuzz/fuzz_parse); run by
 * tests/fuzz/run_parse.sh on tests/fuzz/corpus/ (make fuzz-parse).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/codegen/dobj.h"
#include "../../src/compile/compile.h"
#include "../../src/providers/prov.h"
#include "../../src/runtime/options.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *devnull(void)
{
	static FILE *fp;

	if (!fp)
		fp = fopen("/dev/null", "w");
	return fp;
}

/* a probe table of the dtrace provider's probes alone */
static void fuzz_probes(struct probe_table *tab, struct arena *a)
{
	probes_init(tab, a);
	/* every eager provider counts as enumerated: none is asked */
	while (providers[tab->eager_done])
		tab->eager_done++;
	tab->lazy_done = ~0u;	/* no lazy provider is asked */
	prov_dtrace.enumerate(tab);
}

static void compile_once(const char *text, size_t size)
{
	struct arena pa = {0}, oa = {0};
	struct probe_table tab;
	struct dobj obj;
	struct dopts opts;
	struct diag d = {0};
	const char *argv[] = { "fuzz.d" };
	struct source src = { .name = "fuzz.d", .text = text, .is_file = true,
			       .pspec = PSPEC_NAME };
	struct compile_req req = {
		.srcs = &src, .nsrcs = 1, .argv = argv, .argc = 1,
		.opts = &opts, .front_only = true,
	};

	if (size % 4 == 0) {
		src.name = "<command-line>";
		src.is_file = false;
		src.pspec = (enum pspec)(size / 4 % 4);
	}
	dopts_init(&opts);
	opts.zdefs = size % 8 != 7;
	fuzz_probes(&tab, &pa);
	req.probes = &tab;
	dobj_init(&obj, &oa);
	if (compile(&req, &obj, &d) < 0 && devnull())
		diag_print(&d, devnull(), "failed to compile script fuzz.d",
			   size % 2 != 0);
	dobj_free(&obj);
	arena_free(&oa);
	probes_free(&tab);
	arena_free(&pa);
	dopts_free(&opts);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* the compiler takes NUL-terminated text: an embedded NUL ends it */
	char *text = malloc(size + 1);

	memcpy(text, data, size);
	text[size] = '\0';
	compile_once(text, size);
	free(text);
	return 0;
}

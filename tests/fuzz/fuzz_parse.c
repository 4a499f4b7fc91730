/*
 * libFuzzer target for the D front end's first passes: the lexer and the
 * parser, on whole programs and on -l probe specifications, and the
 * diagnostic printer on whatever error they report (its caret line reads
 * the source text at the error's offset, so a bad location would show
 * here).  Built by `make fuzz` with clang -fsanitize=fuzzer,address;
 * run as build-fuzz/fuzz_parse [corpus-dir] [libFuzzer options].
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/compile/ast.h"
#include "../../src/compile/parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *devnull(void)
{
	static FILE *fp;

	if (!fp)
		fp = fopen("/dev/null", "w");
	return fp;
}

/* One pass over text; the first input byte picks the entry point. */
static void parse_once(const char *text, int mode)
{
	struct arena a = {0};
	struct diag d = {0};
	struct program prog = {0};
	struct source src = { "fuzz.d", text, (mode & 1) != 0 };
	struct node *list = NULL;
	int err;

	if (mode & 2)
		err = parse_probespec(&a, &src, &d, &list);
	else
		err = parse_program(&a, &src, &d, &prog);
	if (err < 0 && devnull())
		diag_print(&d, devnull(), "failed to compile script fuzz.d",
			   (mode & 4) != 0);
	else if (err == 0 && !(mode & 2) && devnull())
		ast_dump(prog.top, devnull());
	arena_free(&a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text;
	int mode;

	if (size == 0)
		return 0;
	mode = data[0];
	/* the parser takes NUL-terminated text: stop at an embedded NUL */
	text = malloc(size);
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	parse_once(text, mode);
	free(text);
	return 0;
}

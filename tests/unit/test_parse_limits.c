/*
 * Robustness of the parser against input a fuzzer finds: nesting deep
 * enough to exhaust the stack (parentheses, unary operators, blocks,
 * ?:, assignments, declarators, pointer stars) and operator chains long
 * enough to make later passes recurse as deep are syntax errors with a
 * location, never a crash.  Reasonable nesting still parses.
 */
#include <stdlib.h>

#include "../../src/compile/parse.h"
#include "unit.h"

/* "OK", or "TAG line:col" of the error */
static const char *parse_result(const char *text)
{
	static char out[256];
	struct arena a = {0};
	struct diag d = {0};
	struct program prog = {0};
	struct source src = { .name = "t.d", .text = text, .is_file = true };

	if (parse_program(&a, &src, &d, &prog) < 0 || d.failed)
		snprintf(out, sizeof(out), "%s %d:%d", dtag_name(d.tag),
			 d.loc.line, d.loc.col);
	else
		snprintf(out, sizeof(out), "OK");
	arena_free(&a);
	return out;
}

/* head, then rep n times, then tail */
static char *repeat(const char *head, const char *rep, int n,
		    const char *mid, const char *rep2, const char *tail)
{
	size_t len = strlen(head) + (strlen(rep) + strlen(rep2)) * (size_t)n +
		     strlen(mid) + strlen(tail) + 1;
	char *s = malloc(len), *p = s;

	p += sprintf(p, "%s", head);
	for (int i = 0; i < n; i++)
		p += sprintf(p, "%s", rep);
	p += sprintf(p, "%s", mid);
	for (int i = 0; i < n; i++)
		p += sprintf(p, "%s", rep2);
	sprintf(p, "%s", tail);
	return s;
}

static void check(const char *head, const char *rep, const char *mid,
		  const char *rep2, const char *tail, int deep_n,
		  const char *want_deep)
{
	char *ok = repeat(head, rep, 50, mid, rep2, tail);
	char *bad = repeat(head, rep, deep_n, mid, rep2, tail);

	CHECK_STR(parse_result(ok), "OK");
	CHECK_STR(parse_result(bad), want_deep);
	free(ok);
	free(bad);
}

static void test_nesting(void)
{
	/* 50 levels parse; far too many fail at the first token too deep */
	check("BEGIN { x = ", "(", "1", ")", "; }", 100000, "D_SYNTAX 1:511");
	check("BEGIN { x = ", "-", "1", "", "; }", 100000, "D_SYNTAX 1:1009");
	check("BEGIN ", "{", "", "}", "", 100000, "D_SYNTAX 1:508");
	check("BEGIN { x = ", "1 ? ", "1", " : 1", "; }", 100000,
	      "D_SYNTAX 1:2005");
	check("BEGIN { x = ", "a = ", "1", "", "; }", 100000,
	      "D_SYNTAX 1:2005");
	check("int ", "(", "x", ")", ";", 100000, "D_SYNTAX 1:506");
	check("BEGIN { x = (int ", "*", ")", "", "0; }", 100000,
	      "D_SYNTAX 1:518");
	check("BEGIN { x = ", "1 + ", "1", "", "; }", 100000,
	      "D_SYNTAX 1:20015");
}

/* a "\x" escape with many digits wraps rather than overflowing an int */
static void test_long_hex_escape(void)
{
	CHECK_STR(parse_result("BEGIN { x = \"\\x4bbbbbbbbbbbbbbbbbbbbbbb\"; }"),
		  "OK");
}

int main(void)
{
	RUN(test_nesting);
	RUN(test_long_hex_escape);
	return UNIT_DONE();
}

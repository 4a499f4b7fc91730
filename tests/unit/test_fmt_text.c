/*
 * Traced text made safe (runtime/fmt_text.c): control characters
 * escaped, UTF-8 kept but for C1 controls, invalid bytes escaped, shell
 * quoting; and printf's %s, %c with width and precision around it.
 */
#include "unit.h"

#include "../../src/runtime/fmt.h"

static const char *text(struct strbuf *sb, const char *s, enum fmt_text m)
{
	sb_reset(sb);
	fmt_text(sb, s, strlen(s), m);
	return sb_str(sb);
}

static void test_safe(void)
{
	struct strbuf sb = { 0 };

	CHECK_STR(text(&sb, "plain /etc/hostname", FMT_TEXT_SAFE),
		  "plain /etc/hostname");
	CHECK_STR(text(&sb, "tab\there\nnewline", FMT_TEXT_SAFE),
		  "tab\there\nnewline");
	CHECK_STR(text(&sb, "\033]0;title\a", FMT_TEXT_SAFE),
		  "\\033]0;title\\a");
	CHECK_STR(text(&sb, "over\rwrite\b\f\v\x7f", FMT_TEXT_SAFE),
		  "over\\rwrite\\b\\f\\v\\177");
	/* UTF-8 kept, C1 CSI (U+009B) and a lone 0x9b byte escaped */
	CHECK_STR(text(&sb, "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x90\x9d",
		       FMT_TEXT_SAFE),
		  "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x90\x9d");
	CHECK_STR(text(&sb, "a\xc2\x9b" "31m", FMT_TEXT_SAFE),
		  "a\\302\\23331m");
	CHECK_STR(text(&sb, "\x9b" "2J", FMT_TEXT_SAFE), "\\2332J");
	/* overlong and truncated sequences are not UTF-8 */
	CHECK_STR(text(&sb, "\xc0\xaf", FMT_TEXT_SAFE), "\\300\\257");
	CHECK_STR(text(&sb, "\xe2\x82", FMT_TEXT_SAFE), "\\342\\202");
	CHECK_STR(text(&sb, "\xed\xa0\x80", FMT_TEXT_SAFE),
		  "\\355\\240\\200");
	CHECK_STR(text(&sb, "raw\033", FMT_TEXT_RAW), "raw\033");
	sb_free(&sb);
}

static void test_shell(void)
{
	struct strbuf sb = { 0 };

	CHECK_STR(text(&sb, "a;id>x", FMT_TEXT_SHELL), "'a;id>x'");
	CHECK_STR(text(&sb, "it's $(x)", FMT_TEXT_SHELL),
		  "'it'\\''s $(x)'");
	CHECK_STR(text(&sb, "", FMT_TEXT_SHELL), "''");
	sb_free(&sb);
}

/* printf("FORMAT", "s") with the string as a traced value */
static const char *printf1(struct strbuf *sb, const char *format,
			   const char *s, bool literal, enum fmt_text mode)
{
	struct arena a = { 0 };
	struct fmt *f;
	char err[128], data[64] = { 0 };
	struct dval v = { .kind = DV_STRING, .size = sizeof(data),
			  .literal = literal };
	struct fmt_syms syms = { .text = mode };
	static char res[256];

	snprintf(data, sizeof(data), "%s", s);
	sb_reset(sb);
	if (fmt_parse(&a, format, &f, err, sizeof(err)) < 0 ||
	    fmt_printf_syms(sb, f, &v, 1, data, &syms) < 0)
		snprintf(res, sizeof(res), "error");
	else
		snprintf(res, sizeof(res), "%s", sb_str(sb));
	arena_free(&a);
	return res;
}

static void test_printf(void)
{
	struct strbuf sb = { 0 };

	/* the format's own escape is kept, the value's escaped */
	CHECK_STR(printf1(&sb, "\033[1m%s\033[0m", "x\033y", false,
			  FMT_TEXT_SAFE), "\033[1mx\\033y\033[0m");
	/* the script's own constant is its text */
	CHECK_STR(printf1(&sb, "%s", "\033[0m", true, FMT_TEXT_SAFE),
		  "\033[0m");
	CHECK_STR(printf1(&sb, "[%8s]", "a\rb", false, FMT_TEXT_SAFE),
		  "[    a\\rb]");
	/* the precision cuts the value, not its escape */
	CHECK_STR(printf1(&sb, "[%.2s]", "a\033b", false, FMT_TEXT_SAFE),
		  "[a\\033]");
	CHECK_STR(printf1(&sb, "[%-6s]", "a\033", false, FMT_TEXT_RAW),
		  "[a\033    ]");
	CHECK_STR(printf1(&sb, "echo %s", "a;b", false, FMT_TEXT_SHELL),
		  "echo 'a;b'");
	CHECK_STR(printf1(&sb, "echo %s", "a;b", true, FMT_TEXT_SHELL),
		  "echo a;b");
	sb_free(&sb);
}

/* without a session's symbols (fmt_printf), traced text is made safe */
static void test_default(void)
{
	struct arena a = { 0 };
	struct strbuf sb = { 0 };
	struct fmt *f;
	char err[128], data[16] = "\033c";
	struct dval v = { .kind = DV_STRING, .size = sizeof(data) };

	CHECK_INT(fmt_parse(&a, "%s", &f, err, sizeof(err)), 0);
	CHECK_INT(fmt_printf(&sb, f, &v, 1, data), 0);
	CHECK_STR(sb_str(&sb), "\\033c");
	sb_free(&sb);
	arena_free(&a);
}

int main(void)
{
	RUN(test_safe);
	RUN(test_shell);
	RUN(test_printf);
	RUN(test_default);
	return UNIT_DONE();
}

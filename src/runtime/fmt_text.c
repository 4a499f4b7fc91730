/*
 * Text that came from the traced system, written out safely.  Strings
 * in a traced process's memory, its file and symbol names, are chosen by
 * whoever runs that process: written to a terminal as they are, escape
 * sequences in them could retitle the window, move the cursor over
 * earlier output or, on some terminals, answer back with input; passed
 * to system() as they are, they could add commands.  So, unless the
 * user asks for them raw (-x rawstrings), control characters are
 * written as C escapes ("\033"), and in system()'s command line each
 * such value is one single-quoted shell word.  Tab and newline are kept:
 * they lay text out and cannot drive a terminal.  Valid UTF-8 is kept,
 * but for the C1 controls (U+0080..U+009F, which some terminals obey as
 * ESC sequences); bytes that are not UTF-8 are escaped, as a terminal
 * set to Latin-1 would take 0x9b for CSI.  The script's own text (its
 * formats and string constants) is never altered.
 */
#include "fmt.h"

#include <stdio.h>

/* Length of the valid UTF-8 sequence at s (at most n bytes), 0 if none. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	uint32_t cp;
	size_t len;

	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4, cp = s[0] & 0x07;
	else
		return 0;
	if (len > n)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	/* overlong forms, surrogates, beyond Unicode */
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return len;
}

static void escape_byte(struct strbuf *out, unsigned char c)
{
	static const char letters[] = "\aa\bb\ff\rr\vv";

	for (const char *l = letters; *l; l += 2) {
		if ((unsigned char)l[0] == c) {
			sb_addc(out, '\\');
			sb_addc(out, l[1]);
			return;
		}
	}
	sb_printf(out, "\\%03o", c);
}

static void put_safe(struct strbuf *out, const unsigned char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		unsigned char c = s[i];
		size_t len;

		if (c == '\t' || c == '\n' || (c >= ' ' && c < 0x7f)) {
			sb_addc(out, (char)c);
			i++;
		} else if (c >= 0x80 && (len = utf8_len(s + i, n - i)) &&
			   !(c == 0xc2 && s[i + 1] < 0xa0)) {
			sb_addn(out, (const char *)s + i, len);
			i += len;
		} else {
			escape_byte(out, c);
			i++;
		}
	}
}

/* 'text', with each ' written as '\'' */
static void put_shell(struct strbuf *out, const char *s, size_t n)
{
	sb_addc(out, '\'');
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\'')
			sb_adds(out, "'\\''");
		else
			sb_addc(out, s[i]);
	}
	sb_addc(out, '\'');
}

void fmt_text(struct strbuf *out, const char *s, size_t n, enum fmt_text mode)
{
	switch (mode) {
	case FMT_TEXT_RAW:
		sb_addn(out, s, n);
		break;
	case FMT_TEXT_SHELL:
		put_shell(out, s, n);
		break;
	default:
		put_safe(out, (const unsigned char *)s, n);
		break;
	}
}

enum fmt_text fmt_text_mode(const struct fmt_syms *syms, const struct dval *v)
{
	/* the script's own string constants are its text */
	if (v && v->literal)
		return FMT_TEXT_RAW;
	return syms ? syms->text : FMT_TEXT_SAFE;
}

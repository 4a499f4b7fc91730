/*
 * The D lexer (see lex.h).  It follows DTrace's dt_lex.l: the same token
 * classes, the same two main states (outer scope with probe specifiers,
 * and C-like expressions), the same messages and D_ tags for lexical
 * errors, so that scripts that lex under DTrace lex the same here.
 */
#include "lex.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ast.h"

static const char *const kw_names[] = {
	"auto", "_Bool", "break", "case", "char", "const", "continue",
	"counter", "default", "do", "double", "else", "enum", "extern",
	"float", "for", "goto", "if", "import", "inline", "int", "long",
	"offsetof", "probe", "provider", "register", "restrict", "return",
	"self", "short", "signed", "sizeof", "static", "string", "stringof",
	"struct", "switch", "this", "translator", "typedef", "union",
	"unsigned", "userland", "void", "volatile", "while", "xlate",
};

/* Operators, longest first so that the first prefix match is the token. */
static const struct {
	const char *s;
	enum tok_kind kind;
} ops[] = {
	{ "<<=", TK_SHL_ASSIGN }, { ">>=", TK_SHR_ASSIGN },
	{ "...", TK_ELLIPSIS },
	{ "&&", TK_LAND }, { "||", TK_LOR }, { "^^", TK_LXOR },
	{ "<<", TK_SHL }, { ">>", TK_SHR }, { "<=", TK_LE }, { ">=", TK_GE },
	{ "==", TK_EQ }, { "!=", TK_NE }, { "+=", TK_ADD_ASSIGN },
	{ "-=", TK_SUB_ASSIGN }, { "*=", TK_MUL_ASSIGN },
	{ "/=", TK_DIV_ASSIGN }, { "%=", TK_MOD_ASSIGN },
	{ "&=", TK_AND_ASSIGN }, { "|=", TK_OR_ASSIGN },
	{ "^=", TK_XOR_ASSIGN }, { "++", TK_INC }, { "--", TK_DEC },
	{ "->", TK_ARROW },
	{ "+", TK_PLUS }, { "-", TK_MINUS }, { "*", TK_STAR },
	{ "/", TK_SLASH }, { "%", TK_PERCENT }, { "&", TK_AMP },
	{ "|", TK_BOR }, { "^", TK_XOR }, { "~", TK_TILDE }, { "!", TK_NOT },
	{ "<", TK_LT }, { ">", TK_GT }, { "=", TK_ASSIGN }, { ",", TK_COMMA },
	{ "?", TK_QUESTION }, { ":", TK_COLON }, { ".", TK_DOT },
	{ "(", TK_LPAREN }, { ")", TK_RPAREN }, { "[", TK_LBRACKET },
	{ "]", TK_RBRACKET }, { "{", TK_LBRACE }, { "}", TK_RBRACE },
	{ ";", TK_SEMI },
};

const char *tok_kind_str(int kind)
{
	switch (kind) {
	case TK_EOF: return "end of input";
	case TK_ERROR: return "error";
	case TK_IDENT: return "identifier";
	case TK_INT: return "integer";
	case TK_STRING: return "string";
	case TK_MACRO: return "macro";
	case TK_AGG: return "aggregation";
	case TK_SYMBOL: return "symbol";
	case TK_PSPEC: return "probe description";
	case TK_PRAGMA: return "#pragma";
	case TK_EPRED: return "/";
	}
	if (kind >= TK_KW_FIRST && kind <= TK_KW_LAST)
		return kw_names[kind - TK_KW_FIRST];
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if ((int)ops[i].kind == kind)
			return ops[i].s;
	return "?";
}

int lex_keyword(const char *name, size_t len)
{
	for (size_t i = 0; i < sizeof(kw_names) / sizeof(kw_names[0]); i++)
		if (strlen(kw_names[i]) == len &&
		    memcmp(kw_names[i], name, len) == 0)
			return TK_KW_FIRST + (int)i;
	return -1;
}

/* The keywords that end the outer scope's probe-specifier state (S2). */
static bool clause_keyword(int kw)
{
	switch (kw) {
	case TK_KW_AUTO: case TK_KW_BOOL: case TK_KW_CHAR: case TK_KW_CONST:
	case TK_KW_COUNTER: case TK_KW_DOUBLE: case TK_KW_ENUM:
	case TK_KW_EXTERN: case TK_KW_FLOAT: case TK_KW_IMPORT:
	case TK_KW_INLINE: case TK_KW_INT: case TK_KW_LONG:
	case TK_KW_PROVIDER: case TK_KW_REGISTER: case TK_KW_RESTRICT:
	case TK_KW_SELF: case TK_KW_SHORT: case TK_KW_SIGNED:
	case TK_KW_STATIC: case TK_KW_STRING: case TK_KW_STRUCT:
	case TK_KW_THIS: case TK_KW_TRANSLATOR: case TK_KW_TYPEDEF:
	case TK_KW_UNION: case TK_KW_UNSIGNED: case TK_KW_USERLAND:
	case TK_KW_VOID: case TK_KW_VOLATILE:
		return true;
	}
	return false;
}

void lex_init(struct lexer *lx, struct arena *a, const struct source *src,
	      struct diag *d)
{
	memset(lx, 0, sizeof(*lx));
	lx->a = a;
	lx->src = src;
	lx->d = d;
	lx->line = 1;
}

void lex_rewind(struct lexer *lx, const struct token *t)
{
	lx->off = t->loc.off;
	lx->line = t->lx_line;
	lx->line_off = t->lx_line_off;
	lx->line_delta = t->lx_delta;
	lx->sysh = t->sysh;
	lx->idepth = t->lx_idepth;
	lx->parens = t->lx_parens;
	lx->brackets = t->lx_brackets;
	lx->braces = t->lx_braces;
}

static const char *text(const struct lexer *lx)
{
	return lx->src->text;
}

static struct srcloc loc_at(const struct lexer *lx, int off)
{
	struct srcloc l = {
		.src = lx->src,
		.line = lx->line + lx->line_delta,
		.col = off - lx->line_off + 1,
		.off = off,
	};
	return l;
}

static void newline(struct lexer *lx, int nl_off)
{
	lx->line++;
	lx->line_off = nl_off + 1;
}

/* Is off at the start of a line, but for blanks (^[\f\t\v ]*)? */
static bool at_line_start(const struct lexer *lx, int off)
{
	const char *s = text(lx);

	while (off > 0 && strchr("\f\t\v ", s[off - 1]) && s[off - 1])
		off--;
	return off == 0 || s[off - 1] == '\n';
}

static void syntax_near_char(struct lexer *lx, int off)
{
	diag_error(lx->d, loc_at(lx, off), D_SYNTAX,
		   "syntax error near \"%c\"", text(lx)[off]);
}

/* Skip a comment starting at lx->off ("/" + "*" or "//"); -1 on error. */
static int skip_comment(struct lexer *lx)
{
	const char *s = text(lx);
	int start = lx->off;
	struct srcloc at = loc_at(lx, start);

	if (s[start + 1] == '/') {
		while (s[lx->off] && s[lx->off] != '\n')
			lx->off++;
		return 0;
	}
	for (lx->off = start + 2; s[lx->off]; lx->off++) {
		if (s[lx->off] == '\n') {
			newline(lx, lx->off);
		} else if (s[lx->off] == '*' && s[lx->off + 1] == '/') {
			lx->off += 2;
			return 0;
		} else if (s[lx->off] == '/' && s[lx->off + 1] == '*') {
			diag_error(lx->d, loc_at(lx, lx->off), D_SYNTAX,
				   "/* encountered inside a comment");
			return -1;
		}
	}
	at.yyline = lx->line + lx->line_delta;	/* DTrace's: at the end */
	diag_error(lx->d, at, D_SYNTAX,
		   "end-of-file encountered before matching */");
	return -1;
}

static int line_end(const struct lexer *lx, int off)
{
	const char *s = text(lx);

	while (s[off] && s[off] != '\n')
		off++;
	return off;
}

/*
 * The flags after the file name of GNU cpp's marker '# 12 "file" 1 3',
 * as bits 1 << flag: 1 enters a header, 2 returns from one, 3 marks
 * text from a system header, where -C scripts meet C that D has no
 * syntax for (glibc's static inline functions): the parser lets such
 * text through.
 */
static unsigned marker_flags(const char *p, const char **file, int *len)
{
	unsigned flags = 0;

	if (*p == ' ')
		p++;
	if (*p != '"')
		return 0;
	*file = ++p;
	for (; *p && *p != '\n' && *p != '"'; p++)
		if (*p == '\\' && p[1])
			p++;
	*len = (int)(p - *file);
	if (*p == '"')
		p++;
	while (*p == ' ') {
		char *end;
		unsigned long f = strtoul(p + 1, &end, 10);

		if (end == p + 1 || (*end && *end != ' ' && *end != '\n'))
			break;
		if (f < 8)
			flags |= 1u << f;
		p = end;
	}
	return flags;
}

/* "# 12 "file"" or "#line 12": the line after this one is numbered n. */
static int line_marker(struct lexer *lx, const char *p, int hash_off)
{
	char *end;
	unsigned long n = strtoul(p, &end, 10);

	if (end == p || n == 0 || (*end && !strchr(" \t\f\v\"\n", *end))) {
		diag_error(lx->d, loc_at(lx, hash_off), D_PRAGMA_MALFORM,
			   "malformed #line <line> [ [\"file\"] state ]");
		return -1;
	}
	/* physical line lx->line + 1 is reported as n */
	const char *file = NULL;
	int flen = 0;
	unsigned flags = marker_flags(end, &file, &flen);

	lx->line_delta = (int)n - (lx->line + 1);
	lx->sysh = flags & 1u << 3;
	if (flags & 1u << 1) {
		lx->idepth++;
	} else if (flags & 1u << 2) {
		lx->idepth -= lx->idepth > 0;
	} else if (file && (!lx->main_file || (lx->main_len == flen &&
			    memcmp(lx->main_file, file, flen) == 0))) {
		/*
		 * the script's own text: its first marker without flags
		 * names it, and names it again where cpp comes back from
		 * the headers it reads first (stdc-predef.h), whose
		 * return, on a line-0 marker, cpp.c blanked out
		 */
		lx->main_file = file;
		lx->main_len = flen;
		lx->idepth = 0;
	}
	return 0;
}

/*
 * A control line: lx->off is at "#" (at the start of a line).  Fills t
 * and returns 1 for #pragma, 0 when the line was consumed silently, -1
 * on error.
 */
static int control_line(struct lexer *lx, struct token *t)
{
	const char *s = text(lx);
	int hash = lx->off, end = line_end(lx, hash), w, we;

	w = hash + 1;
	while (w < end && strchr(" \t\f\v", s[w]))
		w++;
	we = w;
	while (we < end && !strchr(" \t\f\v", s[we]))
		we++;
	lx->off = end;
	if (s[hash + 1] == '!' || w == end)
		return 0;	/* #! interpreter line; null directive */
	if (isdigit((unsigned char)s[w]))
		return line_marker(lx, s + w, hash);
	if (we - w == 4 && memcmp(s + w, "line", 4) == 0) {
		while (we < end && strchr(" \t\f\v", s[we]))
			we++;
		return line_marker(lx, s + we, hash);
	}
	if (we - w == 5 && memcmp(s + w, "ident", 5) == 0)
		return 0;
	if (we - w == 6 && memcmp(s + w, "pragma", 6) == 0) {
		int b = we, e = end;

		if (!s[end]) {	/* DTrace's lexer wants the newline */
			diag_error(lx->d, loc_at(lx, hash), D_SYNTAX,
				   "end-of-file encountered before end of control line");
			return -1;
		}

		while (b < e && strchr(" \t\f\v", s[b]))
			b++;
		while (e > b && strchr(" \t\f\v\r", s[e - 1]))
			e--;
		t->kind = TK_PRAGMA;
		t->loc = loc_at(lx, hash);
		t->len = end - hash;
		t->sval = arena_strndup(lx->a, s + b, e - b);
		t->slen = e - b;
		return 1;
	}
	if (we - w == 5 && memcmp(s + w, "error", 5) == 0) {
		diag_error(lx->d, loc_at(lx, hash), D_PRAGERR, "#error: %.*s",
			   end - we - (we < end), s + we + (we < end));
		return -1;
	}
	diag_error(lx->d, loc_at(lx, hash), D_PRAGCTL_INVAL,
		   "invalid control directive: #%.*s", we - w, s + w);
	return -1;
}

/* Skip blanks, comments and control lines; 1 if a #pragma filled t. */
static int skip_space(struct lexer *lx, enum lex_mode mode, struct token *t)
{
	const char *s = text(lx);
	int r;

	for (;;) {
		char c = s[lx->off];

		if (c == '\n') {
			newline(lx, lx->off);
			lx->off++;
		} else if (c == ' ' || c == '\t' || c == '\f' || c == '\v' ||
			   c == '\r') {
			lx->off++;
		} else if (c == '\\' && s[lx->off + 1] == '\n' &&
			   mode == LEX_EXPR) {
			lx->off++;
		} else if (c == '/' && (s[lx->off + 1] == '*' ||
					s[lx->off + 1] == '/')) {
			if (skip_comment(lx) < 0)
				return -1;
		} else if (c == '#' && at_line_start(lx, lx->off)) {
			r = control_line(lx, t);
			if (r != 0)
				return r;
		} else {
			return 0;
		}
	}
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return 99;
}

/*
 * Decode the C escapes of s[0..n) into a new arena string, as DTrace's
 * stresc2chr does: \a \b \f \n \r \t \v \\ \" \ooo \xhh; any other
 * escape keeps its backslash, \' and \? included ('\'' is two chars).
 */
static char *decode_escapes(struct arena *a, const char *s, int n,
			    size_t *outlen)
{
	char *out = arena_alloc(a, n + 1), *q = out;

	for (int i = 0; i < n; i++) {
		unsigned int v;	/* "\x" takes any number of digits: wrap */

		if (s[i] != '\\' || i + 1 >= n) {
			*q++ = s[i];
			continue;
		}
		switch (s[++i]) {
		case 'a': *q++ = '\a'; break;
		case 'b': *q++ = '\b'; break;
		case 'f': *q++ = '\f'; break;
		case 'n': *q++ = '\n'; break;
		case 'r': *q++ = '\r'; break;
		case 't': *q++ = '\t'; break;
		case 'v': *q++ = '\v'; break;
		case '\\': case '"': *q++ = s[i]; break;
		case '0': case '1': case '2': case '3':
		case '4': case '5': case '6': case '7':
			v = 0;
			for (int k = 0; k < 3 && i < n && s[i] >= '0' &&
			     s[i] <= '7'; k++, i++)
				v = v * 8 + (s[i] - '0');
			i--;
			*q++ = (char)v;
			break;
		case 'x':
			v = 0;
			while (i + 1 < n && hexval(s[i + 1]) < 16)
				v = v * 16 + hexval(s[++i]);
			*q++ = (char)v;
			break;
		default:
			*q++ = '\\';
			*q++ = s[i];
		}
	}
	*q = '\0';
	*outlen = q - out;
	return out;
}

/* A quoted string or character constant body: returns the closing offset. */
static int scan_quoted(struct lexer *lx, int start, char quote)
{
	const char *s = text(lx);
	int i = start + 1;

	while (s[i] && s[i] != quote && s[i] != '\n') {
		if (s[i] == '\\' && s[i + 1] && s[i + 1] != '\n')
			i++;
		i++;
	}
	return i;
}

static int lex_string(struct lexer *lx, struct token *t)
{
	const char *s = text(lx);
	int start = lx->off, end = scan_quoted(lx, start, '"');

	if (s[end] == '\n') {
		t->loc.yyline = t->loc.line + 1;	/* the newline was read */
		diag_error(lx->d, t->loc, D_STR_NL,
			   "newline encountered in string literal");
		return -1;
	}
	if (!s[end]) {
		syntax_near_char(lx, start);
		return -1;
	}
	t->kind = TK_STRING;
	t->sval = decode_escapes(lx->a, s + start + 1, end - start - 1,
				 &t->slen);
	lx->off = end + 1;
	return 0;
}

static int lex_char(struct lexer *lx, struct token *t)
{
	const char *s = text(lx);
	int start = lx->off, end = scan_quoted(lx, start, '\'');
	const char *v;
	size_t n;

	if (s[end] != '\'') {
		if (s[end] == '\n') {
			t->loc.yyline = t->loc.line + 1;
			diag_error(lx->d, t->loc, D_CHR_NL,
				   "newline encountered in character constant");
		} else {
			syntax_near_char(lx, start);
		}
		return -1;
	}
	if (end == start + 1) {
		diag_error(lx->d, t->loc, D_CHR_NULL,
			   "empty character constant");
		return -1;
	}
	v = decode_escapes(lx->a, s + start + 1, end - start - 1, &n);
	if (n > sizeof(uint64_t)) {
		diag_error(lx->d, t->loc, D_CHR_OFLOW,
			   "character constant is too long");
		return -1;
	}
	/* the first character is the most significant, as in C */
	t->ival = 0;
	for (size_t i = 0; i < n; i++)
		t->ival = (t->ival << 8) | (unsigned char)v[i];
	t->kind = TK_INT;
	t->is_char = true;
	lx->off = end + 1;
	return 0;
}

/*
 * RGX_INT: ([0-9]+|0[xX][0-9A-Fa-f]+)[uU]?[lL]?[lL]?, checked as strtoull.
 * Among probe descriptions (clause) it is a probe id and simply ends at
 * the first non-digit: "4.56" is the id 4, then the description ".56".
 */
static int lex_int(struct lexer *lx, struct token *t, bool clause)
{
	const char *s = text(lx);
	int start = lx->off, i = start, base = 10, dend;
	uint64_t v = 0;
	bool oflow = false;

	if (s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X') &&
	    isxdigit((unsigned char)s[i + 2])) {
		base = 16;
		i += 2;
		while (isxdigit((unsigned char)s[i]))
			i++;
	} else {
		while (isdigit((unsigned char)s[i]))
			i++;
		if (!clause && (s[i] == '.' || s[i] == 'f' || s[i] == 'F' ||
		    ((s[i] == 'e' || s[i] == 'E') &&
		     (isdigit((unsigned char)s[i + 1]) ||
		      ((s[i + 1] == '+' || s[i + 1] == '-') &&
		       isdigit((unsigned char)s[i + 2])))))) {
			diag_error(lx->d, t->loc, D_SYNTAX,
				   "floating-point constants are not permitted");
			return -1;
		}
		if (s[start] == '0')
			base = 8;
	}
	dend = i;
	if (base != 10)
		t->int_suffix |= INT_SUF_RADIX;
	if (s[i] == 'u' || s[i] == 'U') {
		t->int_suffix |= INT_SUF_U;
		i++;
	}
	if (s[i] == 'l' || s[i] == 'L') {
		i++;
		if (s[i] == 'l' || s[i] == 'L') {
			t->int_suffix |= INT_SUF_LL;
			i++;
		} else {
			t->int_suffix |= INT_SUF_L;
		}
	}
	t->kind = TK_INT;
	t->len = i - start;
	for (int k = start + (base == 16 ? 2 : 0); k < dend; k++) {
		int d = hexval(s[k]);

		if (d >= base) {
			diag_error(lx->d, t->loc, D_INT_DIGIT,
				   "constant %.*s contains invalid digit %c",
				   t->len, s + start, s[k]);
			return -1;
		}
		if (v > (UINT64_MAX - d) / base)
			oflow = true;
		v = v * base + d;
	}
	if (oflow) {
		diag_error(lx->d, t->loc, D_INT_OFLOW,
			   "constant %.*s results in integer overflow",
			   t->len, s + start);
		return -1;
	}
	t->ival = v;
	lx->off = i;
	return 0;
}

static bool ident_start(char c)
{
	return isalpha((unsigned char)c) || c == '_' || c == '`';
}

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '`';
}

/* RGX_IDENT: a keyword, an identifier, or a `symbol / mod`symbol. */
static void lex_ident(struct lexer *lx, struct token *t)
{
	const char *s = text(lx);
	int start = lx->off, i = start, kw;
	const char *bq = NULL;

	while (ident_char(s[i])) {
		if (s[i] == '`')
			bq = s + i;
		i++;
	}
	lx->off = i;
	t->len = i - start;
	if (bq) {
		t->kind = TK_SYMBOL;
		t->module = bq > s + start ?
			arena_strndup(lx->a, s + start, bq - (s + start)) : NULL;
		t->sval = arena_strndup(lx->a, bq + 1, s + i - bq - 1);
		t->slen = strlen(t->sval);
		return;
	}
	kw = lex_keyword(s + start, t->len);
	t->kind = kw >= 0 ? (enum tok_kind)kw : TK_IDENT;
	t->sval = arena_strndup(lx->a, s + start, t->len);
	t->slen = t->len;
}

/* $1, $$1, $target, $$target */
static int lex_macro(struct lexer *lx, struct token *t)
{
	const char *s = text(lx);
	int i = lx->off + 1, b;

	if (s[i] == '$') {
		t->quoted = true;
		i++;
	}
	b = i;
	if (isdigit((unsigned char)s[i])) {
		while (isdigit((unsigned char)s[i]))
			i++;
	} else if (isalpha((unsigned char)s[i]) || s[i] == '_') {
		while (isalnum((unsigned char)s[i]) || s[i] == '_')
			i++;
	} else {
		syntax_near_char(lx, lx->off);
		return -1;
	}
	t->kind = TK_MACRO;
	t->sval = arena_strndup(lx->a, s + b, i - b);
	t->slen = i - b;
	lx->off = i;
	return 0;
}

/*
 * The "/" lookahead of dt_lex.l: a "/" followed (past blanks and
 * comments) by end of input, ";", "{" or "/" closes a predicate.
 */
static bool closes_predicate(const struct lexer *lx, int off)
{
	const char *s = text(lx);

	for (;;) {
		while (s[off] && strchr(" \t\n\r\f\v", s[off]))
			off++;
		if (s[off] == '/' && s[off + 1] == '*') {
			const char *e = strstr(s + off + 2, "*/");

			if (!e)
				return true;
			off = e - s + 2;
		} else if (s[off] == '/' && s[off + 1] == '/') {
			off = line_end(lx, off);
		} else {
			break;
		}
	}
	return !s[off] || s[off] == ';' || s[off] == '{' || s[off] == '/';
}

static int lex_op(struct lexer *lx, struct token *t)
{
	const char *s = text(lx) + lx->off;

	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		size_t n = strlen(ops[i].s);

		if (strncmp(s, ops[i].s, n) != 0)
			continue;
		t->kind = ops[i].kind;
		t->len = (int)n;
		lx->off += (int)n;
		if (t->kind == TK_SLASH && closes_predicate(lx, lx->off))
			t->kind = TK_EPRED;
		return 0;
	}
	syntax_near_char(lx, lx->off);
	return -1;
}

static int lex_expr_token(struct lexer *lx, struct token *t)
{
	const char *s = text(lx);
	char c = s[lx->off];
	int i;

	if (isdigit((unsigned char)c))
		return lex_int(lx, t, false);
	if (c == '.' && isdigit((unsigned char)s[lx->off + 1])) {
		diag_error(lx->d, t->loc, D_SYNTAX,
			   "floating-point constants are not permitted");
		return -1;
	}
	if (ident_start(c)) {
		lex_ident(lx, t);
		return 0;
	}
	switch (c) {
	case '"':
		return lex_string(lx, t);
	case '\'':
		return lex_char(lx, t);
	case '$':
		return lex_macro(lx, t);
	case '@':
		i = lx->off + 1;
		if (isalpha((unsigned char)s[i]) || s[i] == '_')
			while (isalnum((unsigned char)s[i]) || s[i] == '_')
				i++;
		t->kind = TK_AGG;
		t->sval = arena_strndup(lx->a, s + lx->off + 1,
					i - lx->off - 1);
		t->slen = i - lx->off - 1;
		lx->off = i;
		return 0;
	}
	return lex_op(lx, t);
}

static bool pspec_start(char c)
{
	return isalpha((unsigned char)c) || strchr("-$:_.?*\\[]!", c);
}

static bool pspec_char(char c)
{
	return c && (isalnum((unsigned char)c) || strchr("-$:_.`?*\\[]!", c));
}

/*
 * RGX_PSPEC in the outer scope.  As in dt_lex.l, a specifier that is a
 * keyword starting a declaration is that keyword, and one without any
 * of ":-.?!`" whose part before a "*" is a type name ("int*x;",
 * "foo_t*p;") is that type name, so the declaration can go on --
 * unless the pspec option says the outer scope has probe descriptions
 * only.
 */
static void lex_pspec(struct lexer *lx, struct token *t)
{
	const char *s = text(lx), *b = s + lx->off, *star;
	int i = lx->off, n, kw;

	while (pspec_char(s[i]))
		i++;
	n = i - lx->off;
	kw = lex_keyword(b, n);
	if (kw >= 0 && clause_keyword(kw)) {
		lex_ident(lx, t);
		return;
	}
	star = memchr(b, '*', n);
	if (!lx->pspec && !memchr(b, ':', n) && !memchr(b, '-', n) &&
	    !memchr(b, '.', n) &&
	    !memchr(b, '?', n) && !memchr(b, '!', n) && !memchr(b, '`', n) &&
	    !(n == 5 && memcmp(b, "BEGIN", 5) == 0) &&
	    !(n == 3 && memcmp(b, "END", 3) == 0) &&
	    !(n == 5 && memcmp(b, "ERROR", 5) == 0) && star && star > b) {
		int pn = star - b;

		kw = lex_keyword(b, pn);
		if ((kw >= 0 && clause_keyword(kw)) ||
		    (lx->is_type && lx->is_type(lx->type_ctx, b, pn))) {
			lex_ident(lx, t);	/* stops at the '*' */
			return;
		}
	}
	t->kind = TK_PSPEC;
	t->len = n;
	t->sval = arena_strndup(lx->a, b, n);
	t->slen = n;
	lx->off = i;
}

static int lex_clause_token(struct lexer *lx, struct token *t)
{
	const char *s = text(lx);
	char c = s[lx->off];

	if (isdigit((unsigned char)c))
		return lex_int(lx, t, true);
	if (pspec_start(c)) {
		lex_pspec(lx, t);
		return 0;
	}
	t->len = 1;
	switch (c) {
	case '{': t->kind = TK_LBRACE; break;
	case '/': t->kind = TK_SLASH; break;
	case ',': t->kind = TK_COMMA; break;
	default:
		syntax_near_char(lx, lx->off);
		return -1;
	}
	lx->off++;
	return 0;
}

/*
 * DTrace's lexer reads past the blanks after a "/" to tell a division
 * from the end of a predicate, so its line count has moved on to the
 * next non-blank character's line once the "/" is read.
 */
static int slash_yyline(const struct lexer *lx, const struct token *t)
{
	const char *s = text(lx);
	int line = t->loc.line;

	for (int off = lx->off; s[off] && strchr(" \t\n\r\f\v", s[off]);
	     off++)
		line += s[off] == '\n';
	return line;
}

/* A yacc-style error at token t (its line is where the lexer is). */
static int nesting_error(struct lexer *lx, const struct token *t,
			 const char *msg)
{
	diag_error(lx->d, t->loc, D_SYNTAX, "%s", msg);
	return -1;
}

/* Count ( [ { as DTrace's lexer does, and report what it reports. */
static int count_nesting(struct lexer *lx, enum lex_mode mode,
			 const struct token *t)
{
	switch (t->kind) {
	case TK_LBRACE:
		lx->braces++;
		return 0;
	case TK_EPRED:
		if (lx->parens)
			return nesting_error(lx, t, "closing ) expected in "
					     "predicate before /");
		if (lx->brackets)
			return nesting_error(lx, t, "closing ] expected in "
					     "predicate before /");
		return 0;
	default:
		break;
	}
	if (mode != LEX_EXPR)
		return 0;
	switch (t->kind) {
	case TK_LPAREN:
		lx->parens++;
		break;
	case TK_RPAREN:
		if (--lx->parens < 0)
			return nesting_error(lx, t, "extra ) in input stream");
		break;
	case TK_LBRACKET:
		lx->brackets++;
		break;
	case TK_RBRACKET:
		if (--lx->brackets < 0)
			return nesting_error(lx, t, "extra ] in input stream");
		break;
	case TK_RBRACE:
		if (--lx->braces < 0)
			return nesting_error(lx, t, "extra } in input stream");
		break;
	default:
		break;
	}
	return 0;
}

enum tok_kind lex_next(struct lexer *lx, enum lex_mode mode,
		       struct token *t)
{
	int r;

	memset(t, 0, sizeof(*t));
	if (diag_failed(lx->d)) {
		t->kind = TK_ERROR;
		t->loc = loc_at(lx, lx->off);
		return TK_ERROR;
	}
	r = skip_space(lx, mode, t);
	if (r == 1) {
		t->lx_line = lx->line;	/* after the line: never re-read */
		t->lx_line_off = lx->line_off;
		t->lx_delta = lx->line_delta;
		t->lx_idepth = lx->idepth;
		return TK_PRAGMA;
	}
	t->loc = loc_at(lx, lx->off);
	t->lx_line = lx->line;
	t->lx_line_off = lx->line_off;
	t->lx_delta = lx->line_delta;
	t->lx_parens = lx->parens;
	t->lx_brackets = lx->brackets;
	t->lx_braces = lx->braces;
	t->lx_idepth = lx->idepth;
	t->sysh = lx->sysh;
	if (r == 0 && !text(lx)[lx->off]) {
		t->kind = TK_EOF;
		return TK_EOF;
	}
	if (r == 0)
		r = mode == LEX_CLAUSE ? lex_clause_token(lx, t) :
					 lex_expr_token(lx, t);
	if (r < 0) {
		t->kind = TK_ERROR;
		return TK_ERROR;
	}
	t->len = lx->off - t->loc.off;
	t->loc.yyline = t->loc.line;
	if (mode == LEX_EXPR && (t->kind == TK_SLASH || t->kind == TK_EPRED))
		t->loc.yyline = slash_yyline(lx, t);
	if (count_nesting(lx, mode, t) < 0)
		t->kind = TK_ERROR;
	return t->kind;
}

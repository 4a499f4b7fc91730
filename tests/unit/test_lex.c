/*
 * Lexer unit tests: token kinds, spellings, values and locations for
 * tricky inputs in both lexer modes, and lexical errors with their tags.
 */
#include "../../src/compile/ast.h"
#include "../../src/compile/lex.h"
#include "unit.h"

/*
 * Lex text in mode into "kind:text kind:text ..." where kind is the
 * kind's spelling and text the token's source text.
 */
static const char *toks(const char *text, enum lex_mode mode)
{
	static char out[4096];
	struct arena a = {0};
	struct diag d = {0};
	struct source src = { .name = "t.d", .text = text, .is_file = false };
	struct lexer lx;
	struct token t;
	size_t n = 0;

	lex_init(&lx, &a, &src, &d);
	out[0] = '\0';
	while (lex_next(&lx, mode, &t) != TK_EOF && t.kind != TK_ERROR)
		n += snprintf(out + n, sizeof(out) - n, "%s%s:%.*s%s",
			      n ? " " : "", tok_kind_str(t.kind), t.len,
			      text + t.loc.off, t.sysh ? "(sys)" : "");
	if (t.kind == TK_ERROR)
		snprintf(out + n, sizeof(out) - n, "%sERR %d:%d %s: %s",
			 n ? " " : "", d.loc.line, d.loc.col, dtag_name(d.tag),
			 d.msg);
	arena_free(&a);
	return out;
}

static struct token one(struct arena *a, struct diag *d, const char *text)
{
	static struct source src;
	struct lexer lx;
	struct token t;

	src.name = "t.d";
	src.text = text;
	lex_init(&lx, a, &src, d);
	lex_next(&lx, LEX_EXPR, &t);
	return t;
}

static void test_operators(void)
{
	CHECK_STR(toks("a<<=b>>=c...d&&e||f^^g", LEX_EXPR),
		  "identifier:a <<=:<<= identifier:b >>=:>>= identifier:c "
		  "...:... identifier:d &&:&& identifier:e ||:|| "
		  "identifier:f ^^:^^ identifier:g");
	CHECK_STR(toks("x->y.z++ --w !=~!%=^=|=&=", LEX_EXPR),
		  "identifier:x ->:-> identifier:y .:. identifier:z ++:++ "
		  "--:-- identifier:w !=:!= ~:~ !:! %=:%= ^=:^= |=:|= &=:&=");
	CHECK_STR(toks("?:;,[](){}", LEX_EXPR),
		  "?:? ::: ;:; ,:, [:[ ]:] (:( ):) {:{ }:}");
	CHECK_STR(tok_kind_str(TK_ADD_ASSIGN), "+=");
	CHECK_STR(tok_kind_str(TK_LXOR), "^^");
	CHECK_STR(tok_kind_str(TK_KW_TRANSLATOR), "translator");
}

static void test_slash(void)
{
	/* "/" closing a predicate versus division (dt_lex.l's lookahead) */
	CHECK_STR(toks("a / b /{", LEX_EXPR),
		  "identifier:a /:/ identifier:b /:/ {:{");
	CHECK_INT(TK_SLASH != TK_EPRED, 1);
	{
		struct arena a = {0};
		struct diag d = {0};
		struct source src = { .name = "t.d", .text = "x / 2 / /* c */ {" };
		struct lexer lx;
		struct token t;

		lex_init(&lx, &a, &src, &d);
		lex_next(&lx, LEX_EXPR, &t);
		CHECK_INT(lex_next(&lx, LEX_EXPR, &t), TK_SLASH);
		lex_next(&lx, LEX_EXPR, &t);
		CHECK_INT(lex_next(&lx, LEX_EXPR, &t), TK_EPRED);
		CHECK_INT(lex_next(&lx, LEX_EXPR, &t), TK_LBRACE);
		arena_free(&a);
	}
}

static void test_literals(void)
{
	struct arena a = {0};
	struct diag d = {0};
	struct token t;

	t = one(&a, &d, "0x1fUL");
	CHECK_INT(t.kind, TK_INT);
	CHECK_INT(t.ival, 31);
	CHECK_INT(t.int_suffix, INT_SUF_U | INT_SUF_L | INT_SUF_RADIX);
	t = one(&a, &d, "0777ll");
	CHECK_INT(t.ival, 511);
	CHECK_INT(t.int_suffix, INT_SUF_LL | INT_SUF_RADIX);
	t = one(&a, &d, "18446744073709551615");
	CHECK(t.ival == UINT64_MAX);
	t = one(&a, &d, "'ab'");
	CHECK_INT(t.ival, 0x6162);
	CHECK(t.is_char);
	t = one(&a, &d, "'\\0'");
	CHECK_INT(t.ival, 0);
	t = one(&a, &d, "\"a\\0b\\n\\x41\\q\"");
	CHECK_INT(t.kind, TK_STRING);
	CHECK_INT(t.slen, 7);
	CHECK(memcmp(t.sval, "a\0b\nA\\q", 7) == 0);
	t = one(&a, &d, "@");
	CHECK_INT(t.kind, TK_AGG);
	CHECK_STR(t.sval, "");
	t = one(&a, &d, "@_x1");
	CHECK_STR(t.sval, "_x1");
	t = one(&a, &d, "$$target");
	CHECK_INT(t.kind, TK_MACRO);
	CHECK(t.quoted);
	CHECK_STR(t.sval, "target");
	t = one(&a, &d, "$12");
	CHECK_STR(t.sval, "12");
	CHECK(!t.quoted);
	t = one(&a, &d, "`sym");
	CHECK_INT(t.kind, TK_SYMBOL);
	CHECK(t.module == NULL);
	CHECK_STR(t.sval, "sym");
	t = one(&a, &d, "genunix`kmem_flags");
	CHECK_STR(t.module, "genunix");
	CHECK_STR(t.sval, "kmem_flags");
	CHECK_INT(one(&a, &d, "userland").kind, TK_KW_USERLAND);
	CHECK_INT(one(&a, &d, "_Bool").kind, TK_KW_BOOL);
	CHECK_INT(one(&a, &d, "xlate").kind, TK_KW_XLATE);
	arena_free(&a);
}

static void test_clause_mode(void)
{
	CHECK_STR(toks("syscall::read*:entry,profile-97 /x", LEX_CLAUSE),
		  "probe description:syscall::read*:entry ,:, "
		  "probe description:profile-97 /:/ "
		  "probe description:x");
	CHECK_STR(toks("pid$target:a.out:f[ab]?:entry {", LEX_CLAUSE),
		  "probe description:pid$target:a.out:f[ab]?:entry {:{");
	CHECK_STR(toks("BEGIN 123 int struct", LEX_CLAUSE),
		  "probe description:BEGIN integer:123 int:int struct:struct");
	/* "int*" starts a declaration; "foo*" is a glob */
	CHECK_STR(toks("int*x foo*", LEX_CLAUSE),
		  "int:int probe description:*x probe description:foo*");
	CHECK_STR(toks("BEGIN;", LEX_CLAUSE),
		  "probe description:BEGIN ERR 1:6 D_SYNTAX: syntax error "
		  "near \";\"");
}

static void test_comments_and_lines(void)
{
	CHECK_STR(toks("a /* x\ny */ b // c\nd", LEX_EXPR),
		  "identifier:a identifier:b identifier:d");
	CHECK_STR(toks("#!/usr/sbin/dtrace -s\n#pragma D option q\nx",
		       LEX_EXPR),
		  "#pragma:#pragma D option q identifier:x");
	{
		struct arena a = {0};
		struct diag d = {0};
		struct source src = { .name = "t.d",
				      .text = "a\n  # 7 \"f.d\"\n\tb\n c" };
		struct lexer lx;
		struct token t;

		lex_init(&lx, &a, &src, &d);
		lex_next(&lx, LEX_EXPR, &t);
		CHECK_INT(t.loc.line, 1);
		lex_next(&lx, LEX_EXPR, &t);
		CHECK_INT(t.loc.line, 7);
		CHECK_INT(t.loc.col, 2);
		lex_next(&lx, LEX_EXPR, &t);
		CHECK_INT(t.loc.line, 8);
		CHECK_INT(t.loc.col, 2);
		CHECK_INT(t.loc.off, 18);
		arena_free(&a);
	}
}

static void test_rewind(void)
{
	struct arena a = {0};
	struct diag d = {0};
	struct source src = { .name = "t.d", .text = "\nfoo-bar {", .is_file = false };
	struct lexer lx;
	struct token t, u;

	lex_init(&lx, &a, &src, &d);
	CHECK_INT(lex_next(&lx, LEX_EXPR, &t), TK_IDENT);
	lex_rewind(&lx, &t);
	CHECK_INT(lex_next(&lx, LEX_CLAUSE, &u), TK_PSPEC);
	CHECK_STR(u.sval, "foo-bar");
	CHECK_INT(u.loc.line, 2);
	arena_free(&a);
}

static void test_errors(void)
{
	CHECK_STR(toks("x = 09", LEX_EXPR),
		  "identifier:x =:= ERR 1:5 D_INT_DIGIT: constant 09 contains "
		  "invalid digit 9");
	CHECK_STR(toks("0x10000000000000000", LEX_EXPR),
		  "ERR 1:1 D_INT_OFLOW: constant 0x10000000000000000 results "
		  "in integer overflow");
	CHECK_STR(toks("1e5", LEX_EXPR),
		  "ERR 1:1 D_SYNTAX: floating-point constants are not "
		  "permitted");
	CHECK_STR(toks(".5", LEX_EXPR),
		  "ERR 1:1 D_SYNTAX: floating-point constants are not "
		  "permitted");
	CHECK_STR(toks("\"abc\ndef\"", LEX_EXPR),
		  "ERR 1:1 D_STR_NL: newline encountered in string literal");
	CHECK_STR(toks("a\n  \\x", LEX_EXPR),
		  "identifier:a ERR 2:3 D_SYNTAX: syntax error near \"\\\"");
	CHECK_STR(toks("/* open", LEX_EXPR),
		  "ERR 1:1 D_SYNTAX: end-of-file encountered before matching */");
	CHECK_STR(toks("#include <x>", LEX_EXPR),
		  "ERR 1:1 D_PRAGCTL_INVAL: invalid control directive: #include");
	CHECK_STR(toks("a # b", LEX_EXPR),
		  "identifier:a ERR 1:3 D_SYNTAX: syntax error near \"#\"");
}

/*
 * The system-header mark: cpp's line markers with flag 3 put the tokens
 * after them in a system header (token.sysh, shown as "(sys)"), the
 * marker back into the script takes it away, and a rewind restores it.
 */
static void test_sysh_markers(void)
{
	CHECK_STR(toks("a\n# 1 \"/usr/include/x.h\" 1 3 4\nb c\n"
		       "# 5 \"t.d\" 2\nd\n", LEX_EXPR),
		  "identifier:a identifier:b(sys) identifier:c(sys) identifier:d");
	CHECK_STR(toks("# 1 \"/usr/include/x.h\" 3\nb\n", LEX_EXPR), "identifier:b(sys)");
	/* a user header (no flag 3), #line, and a 3 inside the name */
	CHECK_STR(toks("# 1 \"my.h\" 1\nb\n#line 7 \"3\"\nc\n", LEX_EXPR),
		  "identifier:b identifier:c");
	CHECK_STR(toks("# 1 \"a 3\" 1\nb\n# 2 \"x\" 13\nc\n", LEX_EXPR),
		  "identifier:b identifier:c");
}

static void test_rewind_sysh(void)
{
	struct arena a = {0};
	struct diag d = {0};
	struct source src = {
		.name = "t.d",
		.text = "# 1 \"/usr/include/x.h\" 1 3\nb\n# 2 \"t.d\" 2\nc",
	};
	struct lexer lx;
	struct token b, c;

	lex_init(&lx, &a, &src, &d);
	CHECK_INT(lex_next(&lx, LEX_EXPR, &b), TK_IDENT);
	CHECK(b.sysh);
	CHECK_INT(lex_next(&lx, LEX_EXPR, &c), TK_IDENT);
	CHECK(!c.sysh);
	lex_rewind(&lx, &b);
	CHECK_INT(lex_next(&lx, LEX_EXPR, &c), TK_IDENT);
	CHECK(c.sysh);
	arena_free(&a);
}

int main(void)
{
	RUN(test_operators);
	RUN(test_slash);
	RUN(test_literals);
	RUN(test_clause_mode);
	RUN(test_comments_and_lines);
	RUN(test_rewind);
	RUN(test_errors);
	RUN(test_sysh_markers);
	RUN(test_rewind_sysh);
	return UNIT_DONE();
}

/*
 * Parser unit tests: D programs parsed and dumped with ast_dump, compared
 * with the expected S-expressions; syntax errors with their tag, line,
 * column and message.
 */
#include <stdlib.h>

#include "../../src/compile/ast.h"
#include "../../src/compile/parse.h"
#include "unit.h"

/* Parse text and return its dump, or "ERR line:col TAG: message". */
static const char *parse_dump(const char *text, bool is_file)
{
	static char out[8192];
	struct arena a = {0};
	struct diag d = {0};
	struct program prog = {0};
	struct source src = { "test.d", text, is_file };
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;

	if (parse_program(&a, &src, &d, &prog) < 0) {
		snprintf(out, sizeof(out), "ERR %d:%d %s: %s", d.loc.line,
			 d.loc.col, dtag_name(d.tag), d.msg);
	} else {
		fp = open_memstream(&buf, &len);
		ast_dump(prog.top, fp);
		fclose(fp);
		if (len && buf[len - 1] == '\n')
			buf[--len] = '\0';
		snprintf(out, sizeof(out), "%s", buf);
		free(buf);
	}
	arena_free(&a);
	return out;
}

#define P(text) parse_dump(text, false)
#define F(text) parse_dump(text, true)

static void test_clauses(void)
{
	CHECK_STR(P("syscall::read:entry /execname == \"cat\"/ "
		    "{ printf(\"%d\\n\", pid); }"),
		  "(clause (probe \"syscall::read:entry\") (pred (binary == "
		  "(ident execname) (string \"cat\"))) (body (expr (call "
		  "printf (string \"%d\\n\") (ident pid)))))");
	CHECK_STR(P("BEGIN"), "(clause (probe \"BEGIN\"))");
	CHECK_STR(P("BEGIN,END{x=1;y=2}"),
		  "(clause (probe \"BEGIN\") (probe \"END\") (body (expr "
		  "(assign = (ident x) (int 1))) (expr (assign = (ident y) "
		  "(int 2)))))");
	CHECK_STR(P("profile-97,tick-1sec,123 {}"),
		  "(clause (probe \"profile-97\") (probe \"tick-1sec\") "
		  "(probe \"123\") (body))");
	CHECK_STR(P(":::BEGIN, *:::, pid$target:libc:malloc:entry { }"),
		  "(clause (probe \":::BEGIN\") (probe \"*:::\") (probe "
		  "\"pid$target:libc:malloc:entry\") (body))");
	CHECK_STR(P("syscall::read:entry /x/ // comment\n{ trace(1); }"),
		  "(clause (probe \"syscall::read:entry\") (pred (ident x)) "
		  "(body (expr (call trace (int 1)))))");
	CHECK_STR(P("a:b /x / 2/ /* c */ { }"),
		  "(clause (probe \"a:b\") (pred (binary / (ident x) "
		  "(int 2))) (body))");
	CHECK_STR(P("BEGIN { @a = count() } END { printa(@a); }"),
		  "(clause (probe \"BEGIN\") (body (expr (assign = (agg @a) "
		  "(call count)))))\n(clause (probe \"END\") (body (expr "
		  "(call printa (agg @a)))))");
}

static void test_statements(void)
{
	CHECK_STR(P("BEGIN\n{\n if (x) { y = 1; } else if (z) trace(2); "
		    "else ;\n}"),
		  "(clause (probe \"BEGIN\") (body (if (ident x) (block "
		  "(expr (assign = (ident y) (int 1)))) (if (ident z) (expr "
		  "(call trace (int 2))) (empty)))))");
	CHECK_STR(P("BEGIN { ; { a(); } }"),
		  "(clause (probe \"BEGIN\") (body (empty) (block (expr "
		  "(call a)))))");
	/* declarations are external only, as in dt_grammar.y */
	CHECK_STR(P("this int x; self string s; pid_t p; uint64_t *q;\n"
		    "BEGIN { self->y = 1; this->x = 2; }"),
		  "(decl this x int)\n(decl self s string)\n(decl p (typename "
		  "pid_t))\n(decl q (ptr (typename uint64_t)))\n(clause (probe "
		  "\"BEGIN\") (body (expr (assign = (self y) (int 1))) (expr "
		  "(assign = (this x) (int 2)))))");
	CHECK_STR(P("BEGIN { self->y = 1; this int x; }"),
		  "ERR 1:22 D_SYNTAX: syntax error near \"this\"");
}

static void test_expressions(void)
{
	CHECK_STR(P("BEGIN { x = 0x1fUL + 10ll + 7u + 0777 + 'ab' + '\\n' + "
		    "18446744073709551615; }"),
		  "(clause (probe \"BEGIN\") (body (expr (assign = (ident x) "
		  "(binary + (binary + (binary + (binary + (binary + (binary "
		  "+ (int 31 ul) (int 10 ll)) (int 7 u)) (int 511)) (int "
		  "24930 char)) (int 10 char)) (int 18446744073709551615))))))");
	CHECK_STR(P("a:b /pid == $1 && $$2 == \"x\" ^^ `kmem_flags|"
		    "genunix`foo/ { a[1,2]++; --b; c = -d * ~e & !f; "
		    "g <<= h >> i; j->k.l = m[n] % o; }"),
		  "(clause (probe \"a:b\") (pred (binary ^^ (binary && "
		  "(binary == (ident pid) (macro $1)) (binary == (macro $$2) "
		  "(string \"x\"))) (binary | (symbol `kmem_flags) (symbol "
		  "genunix`foo)))) (body (expr (postinc (index (ident a) (int "
		  "1) (int 2)))) (expr (predec (ident b))) (expr (assign = "
		  "(ident c) (binary & (binary * (unary - (ident d)) (unary ~ "
		  "(ident e))) (unary ! (ident f))))) (expr (assign <<= "
		  "(ident g) (binary >> (ident h) (ident i)))) (expr (assign "
		  "= (member (ptrmember (ident j) k) l) (binary % (index "
		  "(ident m) (ident n)) (ident o))))))");
	CHECK_STR(P("BEGIN { x = y ? 1 : z ? 2 : 3; a = b = c; d = e, f; "
		    "g = 1 || 2 ^^ 3 && 4 | 5 ^ 6 & 7 == 8 < 9 << 10 + 11 * 12; }"),
		  "(clause (probe \"BEGIN\") (body (expr (assign = (ident x) "
		  "(cond (ident y) (int 1) (cond (ident z) (int 2) (int 3))))) "
		  "(expr (assign = (ident a) (assign = (ident b) (ident c)))) "
		  "(expr (binary , (assign = (ident d) (ident e)) (ident f))) "
		  "(expr (assign = (ident g) (binary || (int 1) (binary ^^ "
		  "(int 2) (binary && (int 3) (binary | (int 4) (binary ^ "
		  "(int 5) (binary & (int 6) (binary == (int 7) (binary < "
		  "(int 8) (binary << (int 9) (binary + (int 10) (binary * "
		  "(int 11) (int 12))))))))))))))))");
	CHECK_STR(P("tick-1s { @[execname, pid] = count(); "
		    "@x = quantize(arg0); @ = sum(1)}"),
		  "(clause (probe \"tick-1s\") (body (expr (assign = (index "
		  "(agg @) (ident execname) (ident pid)) (call count))) (expr "
		  "(assign = (agg @x) (call quantize (ident arg0)))) (expr "
		  "(assign = (agg @) (call sum (int 1))))))");
	CHECK_STR(P("BEGIN { \"a\\tb\\x41\\101\\\"\"; x[1] = y->z[2].w++; }"),
		  "(clause (probe \"BEGIN\") (body (expr (string "
		  "\"a\\tbAA\\\"\")) (expr (assign = (index (ident x) (int 1)) "
		  "(postinc (member (index (ptrmember (ident y) z) (int 2)) "
		  "w))))))");
	CHECK_STR(P("BEGIN { x = self->string + this->probe; }"),
		  "(clause (probe \"BEGIN\") (body (expr (assign = (ident x) "
		  "(binary + (self string) (this probe))))))");
}

static void test_casts_and_types(void)
{
	CHECK_STR(P("BEGIN { x = (y) - 1; z = (w)(v); q = (a)++; "
		    "r = (int (*)(int))f; s = sizeof(struct foo *); "
		    "t = (unsigned char)u; }"),
		  "(clause (probe \"BEGIN\") (body (expr (assign = (ident x) "
		  "(binary - (ident y) (int 1)))) (expr (assign = (ident z) "
		  "(cast (typename w) (ident v)))) (expr (assign = (ident q) "
		  "(postinc (ident a)))) (expr (assign = (ident r) (cast (ptr "
		  "(func int int)) (ident f)))) (expr (assign = (ident s) "
		  "(sizeof-type (ptr (struct foo))))) (expr (assign = (ident "
		  "t) (cast (unsigned char) (ident u))))))");
	CHECK_STR(P("BEGIN { x = (foo_t *)arg0; w = (unix`bar_t)q; "
		    "v = sizeof(int) + sizeof x + sizeof(y); "
		    "u = offsetof(struct foo, a); s = stringof(k); "
		    "t = xlate<psinfo_t *>(curthread)->pr_fname; }"),
		  "(clause (probe \"BEGIN\") (body (expr (assign = (ident x) "
		  "(cast (ptr (typename foo_t)) (ident arg0)))) (expr (assign "
		  "= (ident w) (cast (typename unix`bar_t) (ident q)))) (expr "
		  "(assign = (ident v) (binary + (binary + (sizeof-type int) "
		  "(sizeof (ident x))) (sizeof (ident y))))) (expr (assign = "
		  "(ident u) (offsetof (struct foo) a))) (expr (assign = "
		  "(ident s) (stringof (ident k)))) (expr (assign = (ident t) "
		  "(ptrmember (xlate (ptr (typename psinfo_t)) (ident "
		  "curthread)) pr_fname)))))");
	CHECK_STR(P("typedef int myint; myint x; "
		    "BEGIN { y = (myint)z; w = sizeof (myint); }"),
		  "(decl typedef myint int)\n(decl x (typename myint))\n"
		  "(clause (probe \"BEGIN\") (body (expr (assign = (ident y) "
		  "(cast (typename myint) (ident z)))) (expr (assign = (ident "
		  "w) (sizeof-type (typename myint))))))");
}

static void test_declarations(void)
{
	CHECK_STR(P("self int x; this string s[int, string]; typedef struct "
		    "foo { int a:3, b; char *c[4]; } foo_t; foo_t *p; "
		    "int (*fp)(int, ...);"),
		  "(decl self x int)\n(decl this s (assoc string int string))"
		  "\n(decl typedef foo_t (struct foo (a int (bits (int 3))) "
		  "(b int) (c (array (ptr char) (int 4)))))\n(decl p (ptr "
		  "(typename foo_t)))\n(decl fp (ptr (func int int ...)))");
	CHECK_STR(P("enum e { A, B = 2, C }; union u { int a; long long b; }; "
		    "unsigned long long int q; const volatile char * const cp; "
		    "struct s; extern int k, *kp;"),
		  "(decl - (enum e (A) (B (int 2)) (C)))\n(decl - (union u "
		  "(a int) (b (long long))))\n(decl q (unsigned long long "
		  "int))\n(decl cp (const (ptr (const volatile char))))\n"
		  "(decl - (struct s))\n(decl extern k int)\n(decl extern kp "
		  "(ptr int))");
	CHECK_STR(P("int a[10][20]; int m[pid_t]; userland int *up; "
		    "_Bool b; int f(void); struct vmlinux`task_struct *t;"),
		  "(decl a (array (array int (int 20)) (int 10)))\n(decl m "
		  "(assoc int (typename pid_t)))\n(decl up (ptr (userland "
		  "int)))\n(decl b _Bool)\n(decl f (func int void))\n"
		  "(decl t (ptr (struct vmlinux`task_struct)))");
	/* with no kernel type lookup, an unknown name followed by a name is
	 * a probe description, as in DTrace (test_parse_ktype has the lookup) */
	CHECK_STR(P("u64 x;"), "ERR 1:6 D_SYNTAX: syntax error near \";\"");
	CHECK_STR(P("inline int MAX = 10 * 2;"),
		  "(inline MAX int (binary * (int 10) (int 2)))");
	CHECK_STR(P("translator psinfo_t < struct task_struct *T > "
		    "{ pr_pid = T->pid; pr_fname = stringof(T->comm); };"),
		  "(translator (typename psinfo_t) (ptr (struct task_struct)) "
		  "T (assign = (ident pr_pid) (ptrmember (ident T) pid)) "
		  "(assign = (ident pr_fname) (stringof (ptrmember (ident T) "
		  "comm))))");
	CHECK_STR(P("provider foo { probe bar(int, char *) : (int); "
		    "probe baz(); };"),
		  "(provider foo (decl bar (func - int (ptr char)) (func - "
		  "int)) (decl baz (func -)))");
}

static void test_pragmas_and_lines(void)
{
	CHECK_STR(F("#!/usr/sbin/dtrace -qs\n#pragma D option quiet\nBEGIN\n"
		    "{\n#pragma D option flowindent\n}"),
		  "(pragma \"D option quiet\")\n(clause (probe \"BEGIN\") "
		  "(body))\n(pragma \"D option flowindent\")");
	CHECK_STR(F("#!/usr/sbin/dtrace -s\nBEGIN\n{\n x = ;\n}"),
		  "ERR 4:6 D_SYNTAX: syntax error near \";\"");
	CHECK_STR(P("# 40 \"foo.d\"\nBEGIN\n{ x = ; }"),
		  "ERR 41:7 D_SYNTAX: syntax error near \";\"");
	CHECK_STR(P("#line 10\nBEGIN {\n x = ;}"),
		  "ERR 11:6 D_SYNTAX: syntax error near \";\"");
	CHECK_STR(P("#define X 1\nBEGIN {}"),
		  "ERR 1:1 D_PRAGCTL_INVAL: invalid control directive: "
		  "#define");
	CHECK_STR(P("#error oops\nBEGIN {}"), "ERR 1:1 D_PRAGERR: #error: oops");
	CHECK_STR(P("BEGIN { x = 1 \\\n + 2; }"),
		  "(clause (probe \"BEGIN\") (body (expr (assign = (ident x) "
		  "(binary + (int 1) (int 2))))))");
}

static void test_errors(void)
{
	CHECK_STR(P("BEGIN { x = 1 + ; }"),
		  "ERR 1:17 D_SYNTAX: syntax error near \";\"");
	CHECK_STR(P("BEGIN { x = 1"),
		  "ERR 1:14 D_SYNTAX: syntax error near end of input");
	CHECK_STR(P("BEGIN { x = 08; }"),
		  "ERR 1:13 D_INT_DIGIT: constant 08 contains invalid digit 8");
	CHECK_STR(P("BEGIN { x = 99999999999999999999999; }"),
		  "ERR 1:13 D_INT_OFLOW: constant 99999999999999999999999 "
		  "results in integer overflow");
	CHECK_STR(P("BEGIN { x = \"ab\nc\"; }"),
		  "ERR 1:13 D_STR_NL: newline encountered in string literal");
	CHECK_STR(P("BEGIN { x = 1.5; }"),
		  "ERR 1:13 D_SYNTAX: floating-point constants are not "
		  "permitted");
	CHECK_STR(P("BEGIN { x = #; }"),
		  "ERR 1:13 D_SYNTAX: syntax error near \"#\"");
	CHECK_STR(P("BEGIN /x/"),
		  "ERR 1:8 D_SYNTAX: expected actions { } following probe "
		  "description and predicate");
	CHECK_STR(F("syscall::read:entry"),
		  "ERR 1:1 D_SYNTAX: expected predicate and/or actions "
		  "following probe description");
	CHECK_STR(P("BEGIN { a + b = 1; }"),
		  "ERR 1:15 D_SYNTAX: syntax error near \"=\"");
	CHECK_STR(P("BEGIN { a.b(1); }"),
		  "ERR 1:10 D_FUNC_IDENT: function designator is not of "
		  "function type");
	CHECK_STR(P("BEGIN { /* a /* b */ }"),
		  "ERR 1:14 D_SYNTAX: /* encountered inside a comment");
	CHECK_STR(P("BEGIN {\n /* a"),
		  "ERR 2:2 D_SYNTAX: end-of-file encountered before matching */");
	CHECK_STR(P("counter"), "ERR 1:1 D_SYNTAX: syntax error near \"counter\"");
	CHECK_STR(P("BEGIN { x = ''; }"),
		  "ERR 1:13 D_CHR_NULL: empty character constant");
	CHECK_STR(P("BEGIN { x = '123456789'; }"),
		  "ERR 1:13 D_CHR_OFLOW: character constant is too long");
	CHECK_STR(P("BEGIN { x = 'a\n'; }"),
		  "ERR 1:13 D_CHR_NL: newline encountered in character constant");
	CHECK_STR(P("BEGIN { x = 1 ; } ;"),
		  "ERR 1:19 D_SYNTAX: syntax error near \";\"");
	CHECK_STR(P("BEGIN { for (;;) {} }"),
		  "ERR 1:9 D_SYNTAX: syntax error near \"for\"");
	/* DTrace's lexer reads on past a name it does not know yet */
	CHECK_STR(P("BEGIN {\n\tx = y z;\n}"),
		  "ERR 2:8 D_SYNTAX: syntax error near \"z;\"");
	CHECK_STR(P("int x = 1;"), "ERR 1:7 D_SYNTAX: syntax error near \"=\"");
	CHECK_STR(P("BEGIN { x = (1; }"),
		  "ERR 1:15 D_SYNTAX: syntax error near \";\"");
	CHECK_STR(P("BEGIN { x = $; }"),
		  "ERR 1:13 D_SYNTAX: syntax error near \"$\"");
}

static void test_probespec(void)
{
	struct arena a = {0};
	struct diag d = {0};
	struct source src = { "<command-line>", "syscall::read*:entry,BEGIN",
			      false };
	struct node *n = NULL;
	const char *pv, *md, *fn, *nm;

	CHECK_INT(parse_probespec(&a, &src, &d, &n), 0);
	CHECK(n && n->next && !n->next->next);
	if (n && n->next) {
		CHECK_STR(n->sval, "syscall::read*:entry");
		CHECK_STR(n->prov, "syscall");
		CHECK_STR(n->mod, "");
		CHECK_STR(n->func, "read*");
		CHECK_STR(n->pname, "entry");
		CHECK_STR(n->next->pname, "BEGIN");
		CHECK_STR(n->next->prov, "");
	}
	src.text = "BEGIN { }";
	CHECK_INT(parse_probespec(&a, &src, &d, &n), -1);
	CHECK_INT(d.tag, D_SYNTAX);
	CHECK_STR(d.msg, "syntax error near \"{\"");

	parse_probedesc_fields(&a, "read:entry", &pv, &md, &fn, &nm);
	CHECK_STR(pv, "");
	CHECK_STR(md, "");
	CHECK_STR(fn, "read");
	CHECK_STR(nm, "entry");
	parse_probedesc_fields(&a, "fbt:mod:f:return", &pv, &md, &fn, &nm);
	CHECK_STR(pv, "fbt");
	CHECK_STR(md, "mod");
	CHECK_STR(fn, "f");
	CHECK_STR(nm, "return");
	parse_probedesc_fields(&a, "a::", &pv, &md, &fn, &nm);
	CHECK_STR(md, "a");
	CHECK_STR(fn, "");
	CHECK_STR(nm, "");
	arena_free(&a);
}

int main(void)
{
	RUN(test_clauses);
	RUN(test_statements);
	RUN(test_expressions);
	RUN(test_casts_and_types);
	RUN(test_declarations);
	RUN(test_pragmas_and_lines);
	RUN(test_errors);
	RUN(test_probespec);
	return UNIT_DONE();
}

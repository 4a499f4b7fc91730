/*
 * The D parser, top level: the token window over the lexer, the
 * typedef-name set that tells casts from parenthesized expressions, and
 * the program structure (probe clauses, statements, #pragma lines).
 * Expressions are in parse_expr.c, declarations and types in
 * parse_decl.c.  Recursive descent: each function is named after the
 * dt_grammar.y rule it parses, with the production above it.
 */
#include "parse.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "parse_impl.h"
#include "pragma.h"

/* ---- tokens ---- */

bool parse_failed(const struct parser *p)
{
	return diag_failed(p->d);
}

bool parse_chain_ok(struct parser *p, int n)
{
	if (n <= PARSE_MAX_CHAIN)
		return true;
	if (!parse_failed(p))
		diag_error(p->d, parse_peek(p, 0)->loc, D_SYNTAX,
			   "syntax error: more than %d operators in a row",
			   PARSE_MAX_CHAIN);
	return false;
}

bool parse_enter(struct parser *p)
{
	if (++p->depth <= PARSE_MAX_DEPTH)
		return true;
	if (!parse_failed(p))
		diag_error(p->d, parse_peek(p, 0)->loc, D_SYNTAX,
			   "syntax error: nesting deeper than %d levels",
			   PARSE_MAX_DEPTH);
	return false;
}

/* Lex one token into the window, setting #pragma lines aside. */
static void fill(struct parser *p)
{
	struct token *t = &p->buf[p->nbuf];

	for (;;) {
		lex_next(&p->lx, p->mode, t);
		if (t->kind != TK_PRAGMA)
			break;
		if (t->loc.off > p->pragma_hwm) {
			struct node *n = node_new(p->a, NK_PRAGMA, t->loc);

			n->sval = t->sval;
			n->slen = t->slen;
			pragma_check(n, p->d);	/* first, as DTrace's lexer */
			if (pragma_is_option(n, "pspec"))
				p->lx.pspec = true;	/* for what follows */
			*p->pragma_tail = n;
			p->pragma_tail = &n->next;
			p->pragma_hwm = t->loc.off;
		}
	}
	p->nbuf++;
}

/* The n-th token ahead (0: the next one); past the window: the last. */
struct token *parse_peek(struct parser *p, int n)
{
	if (n >= PARSE_LOOKAHEAD)
		n = PARSE_LOOKAHEAD - 1;
	while (p->nbuf <= n) {
		if (p->nbuf > 0 && (p->buf[p->nbuf - 1].kind == TK_EOF ||
				    p->buf[p->nbuf - 1].kind == TK_ERROR))
			return &p->buf[p->nbuf - 1];
		fill(p);
	}
	return &p->buf[n];
}

struct token *parse_next(struct parser *p)
{
	parse_peek(p, 0);
	p->prev = p->buf[0];
	if (p->prev.kind != TK_EOF && p->prev.kind != TK_ERROR) {
		memmove(p->buf, p->buf + 1, (p->nbuf - 1) * sizeof(p->buf[0]));
		p->nbuf--;
	}
	return &p->prev;
}

bool parse_at(struct parser *p, enum tok_kind kind)
{
	return parse_peek(p, 0)->kind == kind;
}

bool parse_accept(struct parser *p, enum tok_kind kind)
{
	if (!parse_at(p, kind))
		return false;
	parse_next(p);
	return true;
}

/* Is t's name an identifier the program already used before t? */
static bool seen_before(const struct parser *p, const struct token *t)
{
	struct diag scratch = { 0 };
	struct lexer lx;
	struct token u;

	lex_init(&lx, p->a, p->src, &scratch);
	while (lex_next(&lx, LEX_EXPR, &u) != TK_EOF && u.kind != TK_ERROR &&
	       u.loc.off < t->loc.off)
		if (u.kind == TK_IDENT && !strcmp(u.sval, t->sval))
			return true;
	return false;
}

/*
 * How far DTrace's lexer read for t: to tell a variable from a type
 * name, it reads on past an identifier it does not know yet (as it
 * reads past the blanks after a "/"), and puts the text back without
 * ending yytext, which then runs to the end of the line.
 */
static bool read_past(const struct parser *p, const struct token *t)
{
	if (t->kind == TK_SLASH || t->kind == TK_EPRED)
		return true;
	return t->kind == TK_IDENT && p->mode == LEX_EXPR &&
	       p->prev.kind != TK_DOT && p->prev.kind != TK_ARROW &&
	       p->prev.kind != TK_KW_STRUCT && p->prev.kind != TK_KW_UNION &&
	       p->prev.kind != TK_KW_ENUM && !seen_before(p, t);
}

/*
 * yacc's "syntax error near" and what DTrace prints after it: the text
 * of the token (see read_past); at the end of input, "end of input",
 * or "end-of-input" when the lexer's reading past the last token put a
 * NUL back, which it then reads as a stray character.
 */
void parse_syntax_error(struct parser *p, const struct token *t)
{
	const char *text = p->src->text + t->loc.off;
	int len = t->len;

	if (t->kind == TK_ERROR)
		return;		/* the lexer said why */
	if (t->kind == TK_EOF) {
		diag_error(p->d, t->loc, D_SYNTAX, "syntax error near %s",
			   read_past(p, &p->prev) ? "end-of-input" :
						    "end of input");
		return;
	}
	if (read_past(p, t))
		len = (int)strcspn(text, "\n");
	diag_error(p->d, t->loc, D_SYNTAX, "syntax error near \"%.*s\"",
		   len, text);
}

static int tok_yyline(const struct token *t)
{
	return t->loc.yyline ? t->loc.yyline : t->loc.line;
}

struct node *parse_reduced(struct parser *p, struct node *n, bool lookahead)
{
	if (n)
		n->loc.yyline = tok_yyline(lookahead ? parse_peek(p, 0) :
						       &p->prev);
	return n;
}

int parse_expect(struct parser *p, enum tok_kind kind)
{
	if (parse_accept(p, kind))
		return 0;
	parse_syntax_error(p, parse_peek(p, 0));
	return -1;
}

/* Switch the lexer state; tokens already looked at are read again. */
void parse_set_mode(struct parser *p, enum lex_mode mode)
{
	if (p->mode == mode)
		return;
	if (p->nbuf > 0 && p->buf[0].kind != TK_ERROR) {
		lex_rewind(&p->lx, &p->buf[0]);
		p->nbuf = 0;
	}
	p->mode = mode;
}

/* ---- typedef names ---- */

static unsigned name_hash(const char *s, size_t len)
{
	unsigned h = 5381;

	for (size_t i = 0; i < len; i++)
		h = h * 33 + (unsigned char)s[i];
	return h % TYPEDEF_BUCKETS;
}

bool parse_name_in(struct typedef_name *const *tab, const char *name,
		   size_t len)
{
	const struct typedef_name *t;

	for (t = tab[name_hash(name, len)]; t; t = t->next)
		if (strlen(t->name) == len && memcmp(t->name, name, len) == 0)
			return true;
	return false;
}

void parse_name_add(struct arena *a, struct typedef_name **tab,
		    const char *name)
{
	unsigned h = name_hash(name, strlen(name));
	struct typedef_name *t;

	if (parse_name_in(tab, name, strlen(name)))
		return;
	t = arena_alloc(a, sizeof(*t));
	t->name = name;
	t->next = tab[h];
	tab[h] = t;
}

bool parse_is_typedef(const struct parser *p, const char *name, size_t len)
{
	return parse_name_in(p->typedefs, name, len);
}

void parse_add_typedef(struct parser *p, const char *name)
{
	parse_name_add(p->a, p->typedefs, name);
	p->later_names = NULL;
}

static bool lexer_is_type(void *ctx, const char *name, size_t len)
{
	return parse_is_typedef(ctx, name, len);
}

/*
 * The type names D predefines (the Dynamic Tracing Guide's type table,
 * and the typedefs of the DTrace libraries, which the libraries name in
 * one another: they are parsed one at a time, in name order).  A
 * script asks for any other name in type position (parse_ktype.c): the
 * libraries' typedefs, then the kernel's (compile.c's is_type_name()).
 */
static const char *const predefined_types[] = {
	"int8_t", "int16_t", "int32_t", "int64_t", "intptr_t",
	"uint8_t", "uint16_t", "uint32_t", "uint64_t", "uintptr_t",
	"size_t", "ssize_t", "off_t", "off64_t", "pid_t", "id_t", "uid_t",
	"gid_t", "time_t", "hrtime_t", "dev_t", "ino_t", "mode_t", "nlink_t",
	"caddr_t", "daddr_t", "clock_t", "key_t", "major_t", "minor_t",
	"processorid_t", "psetid_t", "zoneid_t", "taskid_t", "projid_t",
	"ctid_t", "poolid_t", "lgrp_id_t", "chipid_t", "uint_t", "uchar_t",
	"ushort_t", "ulong_t", "u_int", "u_char", "u_short", "u_long",
	"longlong_t", "u_longlong_t", "boolean_t", "timestruc_t",
	"timespec_t", "psinfo_t", "lwpsinfo_t", "bufinfo_t", "devinfo_t",
	"fileinfo_t", "cpuinfo_t", "conninfo_t", "ipinfo_t", "ifinfo_t",
	"ipv4info_t", "ipv6info_t", "tcpinfo_t", "tcpsinfo_t",
	"tcplsinfo_t", "udpinfo_t", "udpsinfo_t", "siginfo_t", "pri_t",
	"dtrace_id_t", "dtrace_epid_t", "dtrace_aggid_t", "ipaddr_t",
	"in6_addr_t", "netstackid_t", "pktinfo_t", "csinfo_t",
};

/* ---- probe descriptions ---- */

int parse_probedesc_fields(struct arena *a, const char *text, enum pspec spec,
			   const char *fields[4])
{
	const char *end = text + strlen(text), *b;
	int i = 3 - (int)spec;

	for (int k = 0; k < 4; k++)
		fields[k] = "";
	for (;;) {
		for (b = end; b > text && b[-1] != ':'; b--)
			;
		if (i < 0)
			return -1;
		fields[i--] = arena_strndup(a, b, end - b);
		if (b == text || b - 1 == text)
			return 0;
		end = b - 1;
	}
}

static struct node *probedesc(struct parser *p, const struct token *t)
{
	struct node *n = node_new(p->a, NK_PROBEDESC, t->loc);

	n->sval = t->kind == TK_PSPEC ? t->sval :
		arena_strndup(p->a, p->src->text + t->loc.off, t->len);
	n->pdesc_id = t->kind == TK_INT;	/* "dtrace -i 3" */
	n->ival = t->ival;
	return parse_reduced(p, n, false);
}

/*
 * probe_specifier_list:
 *	probe_specifier | probe_specifier_list "," probe_specifier
 * probe_specifier: PSPEC | INT
 */
static struct node *probe_specifier_list(struct parser *p)
{
	struct node *head = NULL, **tail = &head;

	parse_set_mode(p, LEX_CLAUSE);
	do {
		struct token *t = parse_peek(p, 0);

		if (t->kind != TK_PSPEC && t->kind != TK_INT) {
			parse_syntax_error(p, t);
			return NULL;
		}
		*tail = probedesc(p, parse_next(p));
		tail = &(*tail)->next;
	} while (parse_accept(p, TK_COMMA));
	return head;
}

/* ---- statements ---- */

static struct node *statement(struct parser *p);

/*
 * statement_list: statement* [ expression ]
 * (the last statement's ";" may be left out before the "}")
 */
static struct node *statement_list(struct parser *p)
{
	struct node *head = NULL, **tail = &head;

	while (!parse_failed(p) && !parse_at(p, TK_RBRACE)) {
		struct node *s = statement(p);

		if (!s)
			return NULL;
		*tail = s;
		while (*tail)
			tail = &(*tail)->next;
	}
	return head;
}

/* "{" statement_list "}" as an NK_BLOCK */
static struct node *block(struct parser *p)
{
	struct node *n = node_new(p->a, NK_BLOCK, parse_peek(p, 0)->loc);

	if (parse_expect(p, TK_LBRACE) < 0)
		return NULL;
	n->body = statement_list(p);
	if (parse_expect(p, TK_RBRACE) < 0)
		return NULL;
	return n;
}

/* statement_or_block: statement | "{" statement_list "}" */
static struct node *statement_or_block(struct parser *p)
{
	if (parse_at(p, TK_LBRACE))
		return block(p);
	return statement(p);
}

/*
 * if_statement:
 *	"if" "(" expression ")" statement_or_block
 *	[ "else" statement_or_block ]
 */
static struct node *if_statement(struct parser *p)
{
	struct node *n = node_new(p->a, NK_IF, parse_next(p)->loc);

	if (parse_expect(p, TK_LPAREN) < 0 || !(n->cond = parse_expr(p)) ||
	    parse_expect(p, TK_RPAREN) < 0 ||
	    !(n->then = statement_or_block(p)))
		return NULL;
	if (parse_accept(p, TK_KW_ELSE) && !(n->els = statement_or_block(p)))
		return NULL;
	return n;
}

/*
 * statement:
 *	";" | expression ";" | if_statement | "{" statement_list "}"
 */
static struct node *statement_nested(struct parser *p);

static struct node *statement(struct parser *p)
{
	struct node *n = parse_enter(p) ? statement_nested(p) : NULL;

	p->depth--;
	return n;
}

static struct node *statement_nested(struct parser *p)
{
	struct token *t = parse_peek(p, 0);
	struct node *n;

	if (t->kind == TK_SEMI)
		return node_new(p->a, NK_EMPTY, parse_next(p)->loc);
	if (t->kind == TK_KW_IF)
		return if_statement(p);
	if (t->kind == TK_LBRACE)
		return block(p);
	if (parse_decl_start(p)) {
		/* D has no declarations inside a clause (dt_grammar.y) */
		parse_syntax_error(p, t);
		return NULL;
	}
	n = node_new(p->a, NK_EXPR_STMT, t->loc);
	n->lhs = parse_expr(p);
	if (!n->lhs)
		return NULL;
	parse_reduced(p, n, true);
	/* dt_grammar.y's statement_list: the last ";" is optional */
	if (!parse_at(p, TK_RBRACE) && parse_expect(p, TK_SEMI) < 0)
		return NULL;
	return n;
}

/* ---- clauses and the program ---- */

/*
 * probe_definition:
 *	probe_specifiers
 *	| probe_specifiers "{" statement_list "}"
 *	| probe_specifiers "/" expression "/" "{" statement_list "}"
 */
static struct node *probe_definition(struct parser *p)
{
	struct node *n = node_new(p->a, NK_CLAUSE, parse_peek(p, 0)->loc);
	struct token *t;

	n->probes = probe_specifier_list(p);
	if (!n->probes)
		return NULL;
	t = parse_peek(p, 0);
	if (t->kind == TK_SLASH) {
		parse_next(p);
		parse_set_mode(p, LEX_EXPR);
		n->pred = parse_expr(p);
		if (!n->pred || parse_expect(p, TK_EPRED) < 0)
			return NULL;
		if (!parse_at(p, TK_LBRACE)) {
			diag_error(p->d, n->pred->loc, D_SYNTAX,
				   "expected actions { } following probe "
				   "description and predicate");
			return NULL;
		}
	} else if (t->kind != TK_LBRACE) {
		if (p->src->is_file) {
			diag_error(p->d, n->probes->loc, D_SYNTAX,
				   "expected predicate and/or actions "
				   "following probe description");
			return NULL;
		}
		/* a bare description: "dtrace -n BEGIN" */
		return parse_reduced(p, n, true);
	}
	parse_set_mode(p, LEX_EXPR);
	n->has_body = true;
	if (parse_expect(p, TK_LBRACE) < 0)
		return NULL;
	n->body = statement_list(p);
	if (parse_expect(p, TK_RBRACE) < 0)
		return NULL;
	return parse_reduced(p, n, false);
}

/* A plain C identifier, which could name a type ("foo_t x;")? */
static bool plain_ident(const char *s)
{
	if (!isalpha((unsigned char)*s) && *s != '_')
		return false;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_')
			return false;
	return true;
}

/*
 * A probe specifier that is a plain identifier followed by an
 * identifier or "*" ("u64 x;", "foo_t *p;") is a declaration when the
 * identifier names a type the parser has not seen declared (a kernel
 * type), as DTrace's lexer decides by looking the name up; otherwise it
 * is a probe description ("define X 5" without -C).
 */
static bool pspec_is_type(struct parser *p)
{
	struct token *t = parse_peek(p, 0), *u;
	bool yes;

	if (t->kind != TK_PSPEC || !plain_ident(t->sval) ||
	    !strcmp(t->sval, "BEGIN") || !strcmp(t->sval, "END") ||
	    !strcmp(t->sval, "ERROR"))
		return false;
	parse_set_mode(p, LEX_EXPR);
	u = parse_peek(p, 1);
	yes = (u->kind == TK_IDENT || u->kind == TK_STAR) &&
	      parse_is_type_name(p, parse_peek(p, 0));
	if (!yes)
		parse_set_mode(p, LEX_CLAUSE);
	return yes;
}

/*
 * external_declaration:
 *	inline_definition | translator_definition | provider_definition
 *	| probe_definition | declaration
 */
static struct node *external_declaration(struct parser *p)
{
	struct token *t = parse_peek(p, 0);

	switch (t->kind) {
	case TK_PSPEC:
		if (pspec_is_type(p))
			return parse_declaration(p, true);
		/* fallthrough */
	case TK_INT:
		return probe_definition(p);
	case TK_KW_INLINE:
		parse_set_mode(p, LEX_EXPR);
		return parse_inline(p);
	case TK_KW_TRANSLATOR:
		parse_set_mode(p, LEX_EXPR);
		return parse_translator(p);
	case TK_KW_PROVIDER:
		parse_set_mode(p, LEX_EXPR);
		return parse_provider(p);
	case TK_KW_COUNTER:
	case TK_KW_IMPORT:
		break;
	default:
		if (t->kind == TK_IDENT ||
		    (t->kind >= TK_KW_FIRST && t->kind <= TK_KW_LAST)) {
			parse_set_mode(p, LEX_EXPR);
			return parse_declaration(p, false);
		}
	}
	parse_syntax_error(p, t);
	return NULL;
}

void parse_init(struct parser *p, struct arena *a, const struct source *src,
		struct diag *d)
{
	memset(p, 0, sizeof(*p));
	p->a = a;
	p->src = src;
	p->d = d;
	p->pragma_tail = &p->pragmas;
	p->pragma_hwm = -1;
	p->mode = LEX_CLAUSE;
	lex_init(&p->lx, a, src, d);
	p->lx.is_type = lexer_is_type;
	p->lx.type_ctx = p;
	for (size_t i = 0; i < sizeof(predefined_types) /
	     sizeof(predefined_types[0]); i++)
		parse_add_typedef(p, predefined_types[i]);
}

/* Merge the #pragma lines into the top-level list by source position. */
static struct node *merge_pragmas(struct node *top, struct node *prag)
{
	struct node *head = NULL, **tail = &head;

	while (top || prag) {
		struct node **from = !prag ? &top : !top ? &prag :
			prag->loc.off < top->loc.off ? &prag : &top;
		struct node *n = *from;

		*from = n->next;
		n->next = NULL;
		*tail = n;
		tail = &n->next;
	}
	return head;
}

/* translation_unit: external_declaration* */
int parse_program(struct arena *a, const struct source *src, struct diag *d,
		  struct program *prog)
{
	struct parser *p = xcalloc(1, sizeof(*p));
	struct node *head = NULL, **tail = &head;
	int ret = 0;

	parse_init(p, a, src, d);
	p->kernel_type = prog->kernel_type;
	p->kernel_ctx = prog->kernel_ctx;
	while (!parse_failed(p)) {
		struct node *n;

		parse_set_mode(p, LEX_CLAUSE);
		if (parse_at(p, TK_EOF) || parse_at(p, TK_ERROR))
			break;
		n = external_declaration(p);
		if (!n)
			break;
		*tail = n;
		while (*tail)
			tail = &(*tail)->next;
	}
	if (parse_failed(p))
		ret = -1;
	prog->top = merge_pragmas(head, p->pragmas);
	free(p);
	return ret;
}

int parse_expression(struct arena *a, const struct source *src,
		     struct diag *d, struct program *prog, struct node **out)
{
	struct parser *p = xcalloc(1, sizeof(*p));
	int ret = 0;

	parse_init(p, a, src, d);
	p->kernel_type = prog->kernel_type;
	p->kernel_ctx = prog->kernel_ctx;
	parse_set_mode(p, LEX_EXPR);
	*out = parse_expr(p);
	if (*out && !parse_at(p, TK_EOF))
		parse_syntax_error(p, parse_peek(p, 0));
	if (parse_failed(p) || !*out)
		ret = -1;
	free(p);
	return ret;
}

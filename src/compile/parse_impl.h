/*
 * The parser's private interface, shared by parse.c (program structure,
 * clauses, statements), parse_expr.c (expressions) and parse_decl.c
 * (declarations and type names).  Not for other modules: they use
 * parse.h.
 */
#ifndef BD_PARSE_IMPL_H
#define BD_PARSE_IMPL_H

#include "ast.h"
#include "lex.h"

#define PARSE_LOOKAHEAD	64
#define TYPEDEF_BUCKETS	256

struct typedef_name {
	struct typedef_name *next;
	const char *name;
};

struct parser {
	struct arena *a;
	const struct source *src;
	struct diag *d;
	struct lexer lx;
	enum lex_mode mode;
	struct token buf[PARSE_LOOKAHEAD];	/* lookahead, lexed in mode */
	int nbuf;
	struct token prev;			/* the last token consumed */
	struct node *pragmas, **pragma_tail;	/* #pragma lines, in order */
	int pragma_hwm;				/* offset of the last one */
	struct typedef_name *typedefs[TYPEDEF_BUCKETS];
	/* a copy of typedefs for library expressions parsed again later
	 * (parse_later.c), NULL since a typedef was added */
	struct typedef_name *const *later_names;
	/* kernel type names (parse_ktype.c): the program's callback, and
	 * the names it said are not types */
	bool (*kernel_type)(void *ctx, const char *name);
	void *kernel_ctx;
	struct typedef_name *not_kernel[TYPEDEF_BUCKETS];
	/* "struct x", "union y", "enum z" defined with a body so far: DTrace
	 * refuses a second body as it reads its "{" */
	struct typedef_name *bodies[TYPEDEF_BUCKETS];
	int depth;				/* nesting, for parse_enter */
};

/*
 * Nesting (parentheses, unary operators, blocks, declarators) deeper than
 * this is a syntax error rather than a stack overflow, as yacc's stack
 * limit makes it in DTrace.
 */
#define PARSE_MAX_DEPTH	500
/* and so is a chain of left-associative operators longer than this,
 * which makes as deep a tree for the passes after parsing */
#define PARSE_MAX_CHAIN	5000

/* tokens */
struct token *parse_peek(struct parser *p, int n);
struct token *parse_next(struct parser *p);
bool parse_at(struct parser *p, enum tok_kind kind);
bool parse_accept(struct parser *p, enum tok_kind kind);
int parse_expect(struct parser *p, enum tok_kind kind);
void parse_set_mode(struct parser *p, enum lex_mode mode);
void parse_syntax_error(struct parser *p, const struct token *t);
/*
 * Give n DTrace's line for it (srcloc.yyline): its lexer's line when
 * yacc reduced the construct n was just parsed from.  That is the line
 * of the construct's last token when that token completes it (a call's
 * ")", a clause's "}"), or with lookahead, the line of the token after
 * it, which yacc reads first when the construct ends with an operand
 * ("a + b" ends only where b does).
 */
struct node *parse_reduced(struct parser *p, struct node *n, bool lookahead);
bool parse_failed(const struct parser *p);
/* one level deeper: false (with the error) when too deep; every call,
 * true or false, is paired with p->depth-- */
bool parse_enter(struct parser *p);
/* false (with the error) once a chain has more than PARSE_MAX_CHAIN */
bool parse_chain_ok(struct parser *p, int n);

/* typedef names */
bool parse_is_typedef(const struct parser *p, const char *name, size_t len);
void parse_add_typedef(struct parser *p, const char *name);
/* a name table of the parser's kind (typedefs, not_kernel) */
bool parse_name_in(struct typedef_name *const *tab, const char *name,
		   size_t len);
void parse_name_add(struct arena *a, struct typedef_name **tab,
		    const char *name);

/* expressions (parse_expr.c) */
struct node *parse_expr(struct parser *p);
struct node *parse_assign_expr(struct parser *p);
struct node *parse_cond_expr(struct parser *p);

/* declarations and types (parse_decl.c) */
bool parse_type_start(struct parser *p, int n);
bool parse_paren_is_type(struct parser *p, bool cast);
/* kernel type names (parse_ktype.c) */
bool parse_is_type_name(struct parser *p, const struct token *t);
bool parse_type_start_kernel(struct parser *p, int n);
struct tnode *parse_type_name(struct parser *p);
bool parse_decl_start(struct parser *p);
struct node *parse_declaration(struct parser *p, bool force_typename);
struct node *parse_inline(struct parser *p);
/* C in system headers (parse_sysh.c): "inline" after a storage class,
 * consumed (true); a function definition after declarator n, its body
 * skipped (1), none (0), error (-1) */
bool parse_sysh_inline(struct parser *p, const struct token *t,
		       enum storage sc);
int parse_sysh_fndef(struct parser *p, struct node *n);
bool parse_sysh_anon(struct parser *p, const struct tnode *base);
struct node *parse_translator(struct parser *p);

/* a parser for src, at its start, with D's predefined type names */
void parse_init(struct parser *p, struct arena *a, const struct source *src,
		struct diag *d);
/*
 * parse_later.c: a part of a library parsed again at its first use (a
 * translator's members, an inline's initializer): parse(p) from the
 * next token, then the token end unless it is TK_EOF, checked and
 * dropped (*later set, *tree NULL), or kept in *tree when it cannot be
 * dropped.  0, or -1 on a syntax error.
 */
struct typedef_name *const *parse_later_names(struct parser *p);
int parse_later_part(struct parser *p, struct node *(*parse)(struct parser *p),
		     enum tok_kind end, struct node **tree,
		     const struct parse_later **later);
struct node *parse_provider(struct parser *p);

/* prototype parameter lists (parse_proto.c) */
int parse_check_proto(struct parser *p, const struct tnode *tn);

#endif

/*
 * The D lexer.  It turns a source text into tokens on demand, in one of
 * two modes that mirror DTrace's lexer states: LEX_EXPR for clause bodies,
 * predicates and declarations (C-like tokens), and LEX_CLAUSE for the
 * outer scope of a program, where probe descriptions such as
 * "syscall::read*:entry" or "profile-97" are single tokens (TK_PSPEC).
 * The parser chooses the mode for each token and may rewind the lexer
 * to a token's start to read it again in the other mode.
 *
 * Control lines are handled here: "#pragma ..." becomes a TK_PRAGMA token,
 * cpp line markers ("# 12 "file"", "#line 12") renumber the following
 * lines, and "#!" interpreter lines are skipped like comments.
 */
#ifndef BD_LEX_H
#define BD_LEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../lib/arena.h"
#include "diag.h"

enum tok_kind {
	TK_EOF,
	TK_ERROR,	/* a lexical error was recorded in the diag */

	/* literals and names */
	TK_IDENT,	/* sval: name (may hold `, e.g. mod`type) */
	TK_INT,		/* ival, int_suffix, is_char */
	TK_STRING,	/* sval, slen: escapes decoded */
	TK_MACRO,	/* $name or $$name: sval "1", "target"; quoted for $$ */
	TK_AGG,		/* @name: sval name, "" for the bare @ */
	TK_SYMBOL,	/* `sym or mod`sym: sval sym, module */
	TK_PSPEC,	/* probe description (LEX_CLAUSE only): sval text */
	TK_PRAGMA,	/* #pragma line: sval the text after "#pragma" */

	/* operators (the code generator uses these as NK_* ops) */
	TK_PLUS, TK_MINUS, TK_STAR, TK_SLASH, TK_PERCENT,
	TK_AMP, TK_BOR, TK_XOR, TK_TILDE, TK_NOT,
	TK_LAND, TK_LOR, TK_LXOR, TK_SHL, TK_SHR,
	TK_LT, TK_GT, TK_LE, TK_GE, TK_EQ, TK_NE,
	TK_ASSIGN, TK_ADD_ASSIGN, TK_SUB_ASSIGN, TK_MUL_ASSIGN,
	TK_DIV_ASSIGN, TK_MOD_ASSIGN, TK_AND_ASSIGN, TK_OR_ASSIGN,
	TK_XOR_ASSIGN, TK_SHL_ASSIGN, TK_SHR_ASSIGN,
	TK_COMMA, TK_INC, TK_DEC, TK_QUESTION, TK_COLON, TK_DOT, TK_ARROW,

	/* punctuation */
	TK_LPAREN, TK_RPAREN, TK_LBRACKET, TK_RBRACKET, TK_LBRACE,
	TK_RBRACE, TK_SEMI, TK_ELLIPSIS,
	TK_EPRED,	/* the "/" closing a predicate (see lex.c) */

	/* keywords, in dt_lex.l's list (plus _Bool) */
	TK_KW_FIRST,
	TK_KW_AUTO = TK_KW_FIRST, TK_KW_BOOL, TK_KW_BREAK, TK_KW_CASE,
	TK_KW_CHAR, TK_KW_CONST, TK_KW_CONTINUE, TK_KW_COUNTER,
	TK_KW_DEFAULT, TK_KW_DO, TK_KW_DOUBLE, TK_KW_ELSE, TK_KW_ENUM,
	TK_KW_EXTERN, TK_KW_FLOAT, TK_KW_FOR, TK_KW_GOTO, TK_KW_IF,
	TK_KW_IMPORT, TK_KW_INLINE, TK_KW_INT, TK_KW_LONG, TK_KW_OFFSETOF,
	TK_KW_PROBE, TK_KW_PROVIDER, TK_KW_REGISTER, TK_KW_RESTRICT,
	TK_KW_RETURN, TK_KW_SELF, TK_KW_SHORT, TK_KW_SIGNED, TK_KW_SIZEOF,
	TK_KW_STATIC, TK_KW_STRING, TK_KW_STRINGOF, TK_KW_STRUCT,
	TK_KW_SWITCH, TK_KW_THIS, TK_KW_TRANSLATOR, TK_KW_TYPEDEF,
	TK_KW_UNION, TK_KW_UNSIGNED, TK_KW_USERLAND, TK_KW_VOID,
	TK_KW_VOLATILE, TK_KW_WHILE, TK_KW_XLATE,
	TK_KW_LAST = TK_KW_XLATE,

	TK_COUNT
};

struct token {
	enum tok_kind kind;
	struct srcloc loc;
	int len;		/* bytes of source text: loc.off .. loc.off+len */
	const char *sval;	/* NUL-terminated, arena-owned */
	size_t slen;
	const char *module;	/* TK_SYMBOL */
	uint64_t ival;
	int int_suffix;		/* INT_SUF_* (ast.h) */
	bool is_char;
	bool quoted;		/* TK_MACRO $$name */
	/* lexer state at the token's start, for lex_rewind */
	int lx_line, lx_line_off, lx_delta;
	int lx_parens, lx_brackets, lx_braces;
	int lx_idepth;
	bool sysh;		/* from a system header (cpp marker flag 3) */
};

enum lex_mode {
	LEX_EXPR,	/* C-like tokens: clause bodies, predicates, decls */
	LEX_CLAUSE,	/* outer scope: probe descriptions and decl keywords */
};

/*
 * Answers "is this name a type name?" for the outer-scope ambiguity
 * "int* { ... }" / "foo_t*x;" (see lex_next).  May be NULL.
 */
typedef bool (*lex_type_fn)(void *ctx, const char *name, size_t len);

struct lexer {
	struct arena *a;
	const struct source *src;
	struct diag *d;
	int off;		/* next byte to read */
	int line;		/* line number of off */
	int line_off;		/* byte offset where that line starts */
	int line_delta;		/* line markers: reported = physical + delta */
	bool sysh;		/* text after a cpp marker with flag 3 */
	/* headers cpp is inside (markers' flags 1 and 2), as DTrace's
	 * pcb_idepth: what they declare is C's, not the program's */
	int idepth;
	const char *main_file;	/* the script's name in cpp's markers */
	int main_len;
	/*
	 * Open ( [ { in clause bodies and predicates: DTrace's lexer
	 * counts them to report a stray closing one, or a predicate that
	 * ends inside parentheses, as soon as it reads the token.
	 */
	int parens, brackets, braces;
	bool pspec;		/* the pspec option: no "int*x" declarations */
	lex_type_fn is_type;
	void *type_ctx;
};

void lex_init(struct lexer *lx, struct arena *a, const struct source *src,
	      struct diag *d);
/* Read the next token in mode.  TK_ERROR once an error is recorded. */
enum tok_kind lex_next(struct lexer *lx, enum lex_mode mode,
		       struct token *t);
/* Go back to the start of t, so that it is read again (in another mode). */
void lex_rewind(struct lexer *lx, const struct token *t);

/* The spelling of a kind: "+", "&&", "+=", "int", or a category name. */
const char *tok_kind_str(int kind);
/* Keyword kind for name[0..len), or -1 */
int lex_keyword(const char *name, size_t len);

#endif

/*
 * The D abstract syntax tree.  The parser builds it for the whole of the
 * D language (Dynamic Tracing Guide grammar); sema annotates it with types
 * and resolved symbols; code generation walks it.  Every node keeps its
 * source location so that any pass can point at the text.
 *
 * One node struct for every kind (as chibicc does): which fields mean
 * something depends on kind, as documented beside each kind.  Lists are
 * singly linked through `next` (statements, clauses, probe descriptions,
 * call arguments, translator members).
 */
#ifndef BD_AST_H
#define BD_AST_H

#include <stdbool.h>
#include <stdint.h>

#include "../lib/arena.h"
#include "diag.h"

struct dtype;		/* semantic type, owned by sema (types.h) */
struct dsym;		/* resolved identifier, owned by sema */

enum node_kind {
	/* ---- expressions ---- */
	NK_INT,		/* ival; int_suffix: INT_SUF_* bits; is_char for 'c' */
	NK_STRING,	/* sval, slen (escapes already decoded; may hold NULs) */
	NK_IDENT,	/* name: variable, built-in, enum constant or inline */
	NK_MACRO,	/* $name: name is "1", "target", "pid" ...; quoted for $$ */
	NK_SYMBOL,	/* `name or module`name: name, module (NULL if none) */
	NK_AGG,		/* @name: name ("" for the anonymous @) */
	NK_SELF,	/* self->name */
	NK_THIS,	/* this->name */
	NK_UNARY,	/* op (TK_MINUS TK_PLUS TK_NOT TK_TILDE TK_STAR TK_AMP) lhs */
	NK_PREINC,	/* ++lhs */
	NK_PREDEC,	/* --lhs */
	NK_POSTINC,	/* lhs++ */
	NK_POSTDEC,	/* lhs-- */
	NK_BINARY,	/* op lhs rhs: arithmetic, shifts, comparisons, bitwise,
			 * TK_LAND TK_LOR TK_LXOR (short-circuit), TK_COMMA */
	NK_ASSIGN,	/* op (TK_ASSIGN or a compound: TK_ADD_ASSIGN ...) lhs rhs.
			 * An aggregation is an NK_ASSIGN whose lhs is NK_AGG or
			 * NK_INDEX of an NK_AGG and whose rhs is an NK_CALL. */
	NK_COND,	/* cond ? then : els */
	NK_CALL,	/* name ( args ) : functions, actions, aggregating funcs */
	NK_INDEX,	/* lhs [ args ] : arrays and associative arrays */
	NK_MEMBER,	/* lhs . name */
	NK_PTRMEMBER,	/* lhs -> name */
	NK_CAST,	/* ( tn ) lhs */
	NK_SIZEOF_TYPE,	/* sizeof ( tn ) */
	NK_SIZEOF_EXPR,	/* sizeof lhs */
	NK_OFFSETOF,	/* offsetof ( tn , name ) */
	NK_STRINGOF,	/* stringof lhs */
	NK_XLATE,	/* xlate < tn > ( lhs ) */
	NK_BIND,	/* an inline's argument bound once: lhs (the value), rhs
			 * (the body reading it), init (the holder its NK_BOUND
			 * uses share; sema_inline_param.c) */
	NK_BOUND,	/* the value an NK_BIND bound: init is its holder */

	/* ---- statements (clause bodies) ---- */
	NK_EXPR_STMT,	/* lhs ; */
	NK_IF,		/* if ( cond ) then [ else els ] */
	NK_BLOCK,	/* { body } */
	NK_EMPTY,	/* ; */

	/* ---- top level (and declarations inside clauses) ---- */
	NK_CLAUSE,	/* probes (NK_PROBEDESC list) [/ pred /] { body };
			 * has_body false for a bare description ("BEGIN") */
	NK_PROBEDESC,	/* text as written ("syscall::read*:entry"), split
			 * when matched (parse_probedesc_fields), or a probe
			 * id (pdesc_id) */
	NK_DECL,	/* storage tn name [= init] ; (one per declarator) */
	NK_INLINE,	/* inline tn name = init ; */
	NK_TRANSLATOR,	/* translator tn < tn2 name > { members } ; members is
			 * a list of NK_ASSIGN (lhs NK_IDENT member, rhs expr) */
	NK_PROVIDER,	/* provider name { probes } ; probes: NK_DECL list whose
			 * tn is TN_FUNC (native arguments) and whose tn2 is
			 * the TN_FUNC after ":" (translated arguments) or
			 * NULL */
	NK_PRAGMA,	/* #pragma words: sval is the text after "#pragma" */
};

/* integer literal suffixes */
#define INT_SUF_U	0x1
#define INT_SUF_L	0x2
#define INT_SUF_LL	0x4
#define INT_SUF_RADIX	0x8	/* octal or hexadecimal: unsigned types too */

/* storage classes and D scopes for NK_DECL */
enum storage {
	SC_NONE, SC_EXTERN, SC_STATIC, SC_REGISTER, SC_AUTO, SC_TYPEDEF,
	SC_SELF, SC_THIS,
};

/* ---- type names, as written ---- */

enum tnode_kind {
	TN_BASE,	/* spec bits below */
	TN_STRUCT,	/* name (tag, may be NULL); members when has_body */
	TN_UNION,	/* likewise */
	TN_ENUM,	/* name; enums when has_body */
	TN_TYPEDEF,	/* name (a typedef name; module may scope it: mod`name) */
	TN_POINTER,	/* * base */
	TN_ARRAY,	/* base [ dim ] ; dim NULL for [] */
	TN_ASSOC,	/* base [ params... ] : an associative array's key types */
	TN_FUNC,	/* base ( params... [, ...] ) */
};

#define BS_VOID		0x0001
#define BS_CHAR		0x0002
#define BS_SHORT	0x0004
#define BS_INT		0x0008
#define BS_LONG		0x0010
#define BS_LONGLONG	0x0020	/* "long long": set instead of a second BS_LONG */
#define BS_SIGNED	0x0040
#define BS_UNSIGNED	0x0080
#define BS_FLOAT	0x0100
#define BS_DOUBLE	0x0200
#define BS_STRING	0x0400
#define BS_BOOL		0x0800	/* _Bool */
#define BS_USERLAND	0x1000	/* illumos "userland": a user-space pointer */

#define TQ_CONST	0x1
#define TQ_VOLATILE	0x2
#define TQ_RESTRICT	0x4

struct tmember {		/* struct/union member as written */
	struct tmember *next;
	struct srcloc loc;
	struct tnode *tn;
	const char *name;	/* NULL for an anonymous member */
	struct node *bits;	/* bit-field width, or NULL */
};

struct tenum {			/* enumerator as written */
	struct tenum *next;
	struct srcloc loc;
	const char *name;
	struct node *value;	/* NULL: previous + 1 */
};

struct tparam {			/* function parameter or associative key type */
	struct tparam *next;
	struct srcloc loc;
	struct tnode *tn;
	const char *name;	/* may be NULL */
};

struct tnode {
	enum tnode_kind kind;
	struct srcloc loc;
	unsigned spec;		/* TN_BASE: BS_* */
	unsigned quals;		/* TQ_* */
	const char *name;	/* tag or typedef name */
	const char *module;	/* mod`type scoping, or NULL */
	bool has_body;		/* struct/union/enum with { ... } */
	bool varargs;		/* TN_FUNC with ... */
	bool sysh;		/* TN_ARRAY written in a system header (-C) */
	struct tnode *base;	/* TN_POINTER, TN_ARRAY, TN_ASSOC, TN_FUNC */
	struct node *dim;	/* TN_ARRAY */
	struct tmember *members;
	struct tenum *enums;
	struct tparam *params;	/* TN_FUNC, TN_ASSOC */
	/* sema: the type a body defined, as the declarators of
	 * "struct s { ... } x, y;" share this one tnode */
	const struct dtype *defined;
};

/* ---- nodes ---- */

struct node {
	enum node_kind kind;
	int op;			/* token kind (lex.h) for operators */
	struct srcloc loc;	/* where the construct starts (operators: the op) */
	struct node *next;	/* list link */

	struct node *lhs, *rhs;
	/* a library translator's members, a library inline's init:
	 * parsed again at first use while NULL (parse_later.c) */
	const struct parse_later *later;
	struct node *cond, *then, *els;
	struct node *args;	/* NK_CALL, NK_INDEX: argument list */
	struct node *body;	/* NK_BLOCK, NK_CLAUSE: statement list */
	struct node *probes;	/* NK_CLAUSE, NK_PROVIDER */
	struct node *pred;	/* NK_CLAUSE predicate or NULL */
	struct node *init;	/* NK_DECL, NK_INLINE initializer */
	struct node *members;	/* NK_TRANSLATOR */

	struct tnode *tn;	/* casts, sizeof, declarations, translators */
	struct tnode *tn2;	/* NK_TRANSLATOR input type; provider probe
				 * translated arguments */

	const char *name;
	const char *module;	/* NK_SYMBOL */
	const char *sval;	/* NK_STRING, NK_PRAGMA, NK_PROBEDESC text;
				 * NK_SYMBOL: the module defining it */
	size_t slen;
	uint64_t ival;		/* NK_INT */
	int int_suffix;		/* NK_INT */
	bool is_char;		/* NK_INT from a character constant */
	bool is_null;		/* NK_STRING: NULL where a string is expected
				 * (sema_strnull.c); sval is "" */
	bool quoted;		/* NK_MACRO: $$n */
	bool has_body;		/* NK_CLAUSE */
	enum storage storage;	/* NK_DECL */
	bool pdesc_id;		/* NK_PROBEDESC: a probe id (ival), "-i 3" */

	/* filled in by sema */
	const struct dtype *type;
	struct dsym *sym;
	int builtin;		/* built-in variable or function id, or -1 */
	bool alloca;		/* points into alloca()'d memory (sema_alloca.c) */
	bool nonassign;		/* a ?: of alloca and other pointers */
	bool cdefs;		/* NK_DECL: in a header cpp included */
	bool untyped;		/* NK_SYMBOL: no type information (an int
				 * until a cast says what it is) */
	int aux;		/* pass-private scratch (e.g. clause number) */
	/* what the node stands for, replaced by its value: an inline's
	 * use (sema_inline_use) or args[i] (sema_builtin.c); -v reports
	 * their attributes, not those of the value (stability.c) */
	const struct dsym *inl;
	bool is_args;
};

/* A parsed program: the top-level list, and the arena that owns it. */
struct program {
	struct node *top;	/* NK_CLAUSE NK_DECL NK_INLINE ... in order */
	/*
	 * In (optional): is `name` a kernel type name (a BTF typedef)?
	 * Asked only for a name in type position that D and the script
	 * do not define, so programs that name none load no BTF.
	 */
	bool (*kernel_type)(void *ctx, const char *name);
	void *kernel_ctx;
};

struct node *node_new(struct arena *a, enum node_kind kind, struct srcloc loc);
struct tnode *tnode_new(struct arena *a, enum tnode_kind kind,
			struct srcloc loc);
const char *node_kind_name(enum node_kind kind);
/*
 * Whether pred holds for a node of the tree under n (n's list and its
 * children: operands, conditions, branches, arguments, bodies,
 * predicates, initializers).
 */
bool ast_any(const struct node *n,
	     bool (*pred)(const struct node *n, void *arg), void *arg);
/* Print the tree in a stable S-expression form, for parser unit tests. */
void ast_dump(const struct node *top, FILE *fp);

#endif

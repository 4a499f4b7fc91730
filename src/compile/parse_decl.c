/*
 * D declarations and type names: C's declaration syntax (storage
 * classes, specifiers, qualifiers, struct/union/enum bodies with
 * bit-fields, pointer/array/function declarators, parenthesized
 * declarators), D's self/this storage and associative array keys
 * ("int x[string, int]"), and the inline, translator and provider
 * definitions.  Type names are kept as written (struct tnode); sema
 * resolves them against D's and the kernel's (BTF) types.
 *
 * A name is taken as a typedef name where C would need to know it is
 * one: when it was declared by typedef earlier in the program, is
 * predefined by D or is a kernel typedef (parse_ktype.c, asked last and
 * lazily), or where the grammar allows only a type (after
 * "xlate <", in a translator header, and in a parenthesis already
 * recognized as a cast).
 */
#include <string.h>

#include "parse_impl.h"

enum decl_mode {
	DECL_NAMED,	/* a declarator with a name */
	DECL_ABSTRACT,	/* a type name's declarator: no name */
	DECL_EITHER,	/* a parameter: a name or not */
};

static struct tnode *parameter_type_list(struct parser *p,
					  struct tnode *fn);

static bool is_storage(enum tok_kind k)
{
	return k == TK_KW_EXTERN || k == TK_KW_STATIC || k == TK_KW_REGISTER ||
	       k == TK_KW_AUTO || k == TK_KW_TYPEDEF;
}

static bool is_qualifier(enum tok_kind k)
{
	return k == TK_KW_CONST || k == TK_KW_VOLATILE || k == TK_KW_RESTRICT;
}

static unsigned base_bit(enum tok_kind k)
{
	switch (k) {
	case TK_KW_VOID: return BS_VOID;
	case TK_KW_CHAR: return BS_CHAR;
	case TK_KW_SHORT: return BS_SHORT;
	case TK_KW_INT: return BS_INT;
	case TK_KW_LONG: return BS_LONG;
	case TK_KW_FLOAT: return BS_FLOAT;
	case TK_KW_DOUBLE: return BS_DOUBLE;
	case TK_KW_SIGNED: return BS_SIGNED;
	case TK_KW_UNSIGNED: return BS_UNSIGNED;
	case TK_KW_STRING: return BS_STRING;
	case TK_KW_BOOL: return BS_BOOL;
	case TK_KW_USERLAND: return BS_USERLAND;
	default: return 0;
	}
}

/* Does token n start a type name (specifier or qualifier)? */
bool parse_type_start(struct parser *p, int n)
{
	struct token *t = parse_peek(p, n);

	if (base_bit(t->kind) || is_qualifier(t->kind) ||
	    t->kind == TK_KW_STRUCT || t->kind == TK_KW_UNION ||
	    t->kind == TK_KW_ENUM)
		return true;
	return t->kind == TK_IDENT && parse_is_typedef(p, t->sval, t->slen);
}

/* Can token k begin the operand of a cast "(T) operand"? */
static bool cast_operand_start(enum tok_kind k)
{
	switch (k) {
	case TK_IDENT: case TK_INT: case TK_STRING: case TK_MACRO:
	case TK_SYMBOL: case TK_KW_SELF: case TK_KW_THIS: case TK_KW_SIZEOF:
	case TK_KW_STRINGOF: case TK_KW_OFFSETOF: case TK_KW_XLATE:
	case TK_LPAREN: case TK_NOT: case TK_TILDE:
		return true;
	default:
		return false;
	}
}

/* Can token k be a unary operator as well as a binary one? */
static bool unary_sign(enum tok_kind k)
{
	return k == TK_MINUS || k == TK_PLUS || k == TK_STAR || k == TK_AMP ||
	       k == TK_INC || k == TK_DEC;
}

/*
 * At "(": is this a parenthesized type name (a cast, or sizeof's
 * operand) rather than an expression?  Yes for a type keyword or known
 * typedef name; also for "(name *...)" which cannot be an expression,
 * and, for a cast, "(name) operand" where no binary operator follows
 * the parenthesis.  Otherwise "(name)" is a type if name is a kernel
 * type name, asked only where it decides (sizeof's operand, or a sign
 * or "*" after the parenthesis), so that "(x) + 1" loads no BTF.
 */
bool parse_paren_is_type(struct parser *p, bool cast)
{
	enum tok_kind k = parse_peek(p, 1)->kind;
	int n = 2;

	if (parse_type_start(p, 1))
		return true;
	if (k != TK_IDENT && k != TK_SYMBOL)
		return false;
	while (n < PARSE_LOOKAHEAD - 2 && parse_peek(p, n)->kind == TK_STAR)
		n++;
	if (parse_peek(p, n)->kind != TK_RPAREN)
		return false;
	if (n > 2)
		return true;
	if (cast && cast_operand_start(parse_peek(p, n + 1)->kind))
		return true;
	/* "sizeof (loff_t)", "(u32)-1": only a kernel type name decides */
	return (k == TK_IDENT || k == TK_SYMBOL) &&
	       (!cast || unary_sign(parse_peek(p, n + 1)->kind)) &&
	       parse_is_type_name(p, parse_peek(p, 1));
}

/* Does a statement in a clause begin with a declaration? */
bool parse_decl_start(struct parser *p)
{
	struct token *t = parse_peek(p, 0);
	enum tok_kind k1;

	if (is_storage(t->kind))
		return true;
	if (t->kind == TK_KW_SELF || t->kind == TK_KW_THIS)
		return parse_peek(p, 1)->kind != TK_ARROW;
	if (t->kind != TK_IDENT)
		return parse_type_start(p, 0);
	k1 = parse_peek(p, 1)->kind;
	return (k1 == TK_IDENT || k1 == TK_STAR) && parse_type_start_kernel(p, 0);
}

static const char *tag_name(struct parser *p, struct tnode *t)
{
	struct token *tok = parse_peek(p, 0);

	if (tok->kind == TK_IDENT || tok->kind == TK_SYMBOL) {
		parse_next(p);	/* tok is no longer the token: p->prev is */
		t->module = p->prev.kind == TK_SYMBOL ? p->prev.module : NULL;
		return p->prev.sval;
	}
	return NULL;
}

static struct tnode *specifier_qualifier_list(struct parser *p, bool force);

/* DTrace's D_DECL_SCOPE: a declared name may not hold the ` operator. */
static int scoped_name(struct parser *p, struct srcloc loc, const char *name,
		       const char *what)
{
	if (!name || !strchr(name, '`'))
		return 0;
	diag_error(p->d, loc, D_DECL_SCOPE,
		   "D scoping operator may not be used in a %s name (%s)",
		   what, name);
	return -1;
}
static struct tnode *declarator(struct parser *p, struct tnode *base,
				const char **name, struct srcloc *nloc,
				enum decl_mode mode);

/*
 * struct_declaration:
 *	specifier_qualifier_list struct_declarator ("," struct_declarator)* ";"
 * struct_declarator: declarator | ":" constant_expression
 *	| declarator ":" constant_expression
 */
static int struct_declaration(struct parser *p, struct tmember ***tail)
{
	struct tnode *base = specifier_qualifier_list(p, false);

	if (!base)
		return -1;
	do {
		struct tmember *m = arena_alloc(p->a, sizeof(*m));

		m->loc = parse_peek(p, 0)->loc;
		m->tn = base;
		if (parse_sysh_anon(p, base)) {
			**tail = m;
			*tail = &m->next;
			break;
		}
		if (parse_at(p, TK_SEMI) || parse_at(p, TK_COMMA)) {
			diag_error(p->d, m->loc, D_DECL_MNAME,
				   "member declaration requires a name");
			return -1;
		}
		if (!parse_at(p, TK_COLON)) {
			m->tn = declarator(p, base, &m->name, &m->loc,
					   DECL_NAMED);
			if (!m->tn || scoped_name(p, m->loc, m->name,
						  "member") < 0)
				return -1;
		}
		if (parse_accept(p, TK_COLON) && !(m->bits = parse_cond_expr(p)))
			return -1;
		**tail = m;
		*tail = &m->next;
	} while (parse_accept(p, TK_COMMA));
	return parse_expect(p, TK_SEMI);
}

/*
 * A body for the struct, union or enum t names, at its "{": DTrace
 * defines the type there, so a second body for a tag is refused there
 * (D_DECL_TYPERED), before the body is read.  Script types only: sema
 * compares with the libraries' types.
 */
static int define_body(struct parser *p, struct tnode *t,
		       const struct token *brace)
{
	const char *full;

	if (!t->name || t->module)
		return 0;
	full = arena_printf(p->a, "%s %s", t->kind == TN_STRUCT ? "struct" :
			    t->kind == TN_UNION ? "union" : "enum", t->name);
	if (parse_name_in(p->bodies, full, strlen(full))) {
		diag_error(p->d, brace->loc, D_DECL_TYPERED,
			   "type redeclared: %s", full);
		return -1;
	}
	parse_name_add(p->a, p->bodies, full);
	return 0;
}

/*
 * struct_or_union_specifier:
 *	( "struct" | "union" ) [ tag ] "{" struct_declaration+ "}"
 *	| ( "struct" | "union" ) tag
 */
static struct tnode *struct_or_union_specifier(struct parser *p)
{
	struct token *kw = parse_next(p);
	struct tnode *t = tnode_new(p->a, kw->kind == TK_KW_STRUCT ?
				    TN_STRUCT : TN_UNION, kw->loc);
	struct tmember **tail = &t->members;

	t->name = tag_name(p, t);
	if (!parse_accept(p, TK_LBRACE)) {
		if (!t->name) {
			parse_syntax_error(p, parse_peek(p, 0));
			return NULL;
		}
		return t;
	}
	if (define_body(p, t, &p->prev) < 0)
		return NULL;
	t->has_body = true;
	do {
		if (struct_declaration(p, &tail) < 0)
			return NULL;
	} while (!parse_accept(p, TK_RBRACE));
	return t;
}

/*
 * enum_specifier: "enum" [ tag ] "{" enumerator ("," enumerator)* [","] "}"
 *	| "enum" tag
 * enumerator: IDENT [ "=" constant_expression ]
 */
static struct tnode *enum_specifier(struct parser *p)
{
	struct tnode *t = tnode_new(p->a, TN_ENUM, parse_next(p)->loc);
	struct tenum **tail = &t->enums;

	t->name = tag_name(p, t);
	if (!parse_accept(p, TK_LBRACE)) {
		if (!t->name) {
			parse_syntax_error(p, parse_peek(p, 0));
			return NULL;
		}
		return t;
	}
	if (define_body(p, t, &p->prev) < 0)
		return NULL;
	t->has_body = true;
	do {
		struct tenum *e = arena_alloc(p->a, sizeof(*e));

		e->loc = parse_peek(p, 0)->loc;
		if (parse_expect(p, TK_IDENT) < 0)
			return NULL;
		e->name = p->prev.sval;
		if (parse_accept(p, TK_ASSIGN) &&
		    !(e->value = parse_cond_expr(p)))
			return NULL;
		/* DTrace defines it once it has read the token after it */
		e->loc.yyline = parse_peek(p, 0)->loc.yyline;
		*tail = e;
		tail = &e->next;
		/* a trailing comma may end the list, as in C99 and DTrace */
	} while (parse_accept(p, TK_COMMA) &&
		 parse_peek(p, 0)->kind != TK_RBRACE);
	return parse_expect(p, TK_RBRACE) < 0 ? NULL : t;
}

/* A typedef name as a type specifier: name or mod`name. */
static struct tnode *typedef_name(struct parser *p)
{
	struct token *t = parse_next(p);
	struct tnode *tn = tnode_new(p->a, TN_TYPEDEF, t->loc);

	tn->name = t->sval;
	tn->module = t->kind == TK_SYMBOL ? t->module : NULL;
	return tn;
}

/* the base type keywords that name a type, as opposed to modifying one */
#define BS_NAMES (BS_VOID | BS_CHAR | BS_INT | BS_FLOAT | BS_DOUBLE | \
		  BS_STRING | BS_BOOL)

static void add_base_bit(struct tnode *spec, unsigned bit)
{
	if (bit == BS_LONG && (spec->spec & BS_LONG)) {
		spec->spec &= ~BS_LONG;
		bit = BS_LONGLONG;
	}
	spec->spec |= bit;
}

/*
 * DTrace's check of a declaration's type (dt_decl_check) once it names
 * a struct, union, enum or typedef with attributes in bits, reported at
 * t: where DTrace's parser had read to when the two met.
 */
static int attr_check(struct parser *p, unsigned bits, const struct token *t)
{
	if (bits & (BS_SIGNED | BS_UNSIGNED)) {
		diag_error(p->d, t->loc, D_DECL_SIGNINT,
			   "invalid type declaration: signed and unsigned may only be used with integer type");
		return -1;
	}
	if (bits & (BS_LONG | BS_LONGLONG)) {
		diag_error(p->d, t->loc, D_DECL_LONGINT,
			   "invalid type declaration: long and long long may only be used with integer or floating-point type");
		return -1;
	}
	return 0;
}

/*
 * DTrace's lexer takes a name followed by ; [ = ++ -- or , for a
 * variable, not a type: "long mytype_t;" declares mytype_t.
 */
static bool ident_by_next(struct parser *p)
{
	switch (parse_peek(p, 1)->kind) {
	case TK_SEMI: case TK_LBRACKET: case TK_ASSIGN: case TK_INC:
	case TK_DEC: case TK_COMMA:
		return true;
	default:
		return false;
	}
}

/*
 * The token DTrace's parser had read when a struct, union or enum
 * specifier at token 0 became the declaration's type: the "{" of a
 * body, or the token after the tag.
 */
static const struct token *sou_set_at(struct parser *p)
{
	enum tok_kind k = parse_peek(p, 1)->kind;

	return parse_peek(p, k == TK_IDENT || k == TK_SYMBOL ? 2 : 1);
}

/*
 * declaration_specifiers:
 *	( storage_class_specifier | type_specifier | type_qualifier )+
 * storage_class_specifier: auto register static extern typedef self this
 * With sc NULL no storage class is allowed (specifier_qualifier_list).
 * force: take the first plain name as a typedef name even if unknown.
 */
static struct tnode *decl_specifiers(struct parser *p, enum storage *sc,
				     bool force)
{
	struct tnode *spec = tnode_new(p->a, TN_BASE, parse_peek(p, 0)->loc);
	struct tnode *named = NULL;
	unsigned quals = 0;
	bool any = false;

	for (;; any = true) {
		struct token *t = parse_peek(p, 0);
		bool fresh = !named && !spec->spec;

		if (sc && (is_storage(t->kind) || t->kind == TK_KW_SELF ||
			   t->kind == TK_KW_THIS)) {
			static const enum storage map[] = {
				[TK_KW_EXTERN] = SC_EXTERN,
				[TK_KW_STATIC] = SC_STATIC,
				[TK_KW_REGISTER] = SC_REGISTER,
				[TK_KW_AUTO] = SC_AUTO,
				[TK_KW_TYPEDEF] = SC_TYPEDEF,
				[TK_KW_SELF] = SC_SELF, [TK_KW_THIS] = SC_THIS,
			};
			if (*sc != SC_NONE) {	/* DTrace's dt_decl_class() */
				diag_error(p->d, t->loc, D_DECL_CLASS,
					   "only one storage class allowed in a declaration");
				return NULL;
			}
			*sc = map[parse_next(p)->kind];
		} else if (sc && parse_sysh_inline(p, t, *sc)) {
			continue;
		} else if (is_qualifier(t->kind)) {
			quals |= parse_next(p)->kind == TK_KW_CONST ?
				TQ_CONST : p->prev.kind == TK_KW_VOLATILE ?
				TQ_VOLATILE : TQ_RESTRICT;
		} else if (base_bit(t->kind) && !named &&
			   !(spec->spec & base_bit(t->kind) & BS_NAMES)) {
			add_base_bit(spec, base_bit(parse_next(p)->kind));
		} else if (named && attr_check(p, base_bit(t->kind), t) < 0) {
			return NULL;
		} else if (!named && !(spec->spec & BS_NAMES) &&
			   (t->kind == TK_KW_STRUCT || t->kind == TK_KW_UNION ||
			    t->kind == TK_KW_ENUM)) {
			if (attr_check(p, spec->spec, sou_set_at(p)) < 0 ||
			    !(named = t->kind == TK_KW_ENUM ?
				      enum_specifier(p) :
				      struct_or_union_specifier(p)))
				return NULL;
		} else if ((base_bit(t->kind) & BS_NAMES) ||
			   (!fresh && (t->kind == TK_KW_STRUCT ||
				       t->kind == TK_KW_UNION ||
				       t->kind == TK_KW_ENUM))) {
			/* a second type name: DTrace's dt_decl_spec() */
			diag_error(p->d, t->loc, D_DECL_COMBO,
				   "invalid type combination");
			return NULL;
		} else if (!named && !(spec->spec & BS_NAMES) &&
			   (t->kind == TK_SYMBOL ||
			    (t->kind == TK_IDENT &&
			     ((fresh && force) ||
			      (parse_is_type_name(p, t) &&
			       (fresh || !ident_by_next(p))))))) {
			if (attr_check(p, spec->spec, t) < 0)
				return NULL;
			named = typedef_name(p);
		} else {
			break;
		}
	}
	if (!any) {
		parse_syntax_error(p, parse_peek(p, 0));
		return NULL;
	}
	if (named && spec->spec) {
		diag_error(p->d, spec->loc, D_DECL_COMBO,
			   "invalid type combination");
		return NULL;
	}
	if (named)
		spec = named;
	spec->quals |= quals;
	return spec;
}

static struct tnode *specifier_qualifier_list(struct parser *p, bool force)
{
	return decl_specifiers(p, NULL, force);
}

/*
 * array: "[" [ constant_expression | parameter_type_list ] "]"
 * function: "(" [ parameter_type_list ] ")"
 * (the suffixes of a direct declarator; the first is the outermost)
 */
static struct tnode *type_suffix(struct parser *p, struct tnode *base)
{
	struct token *t = parse_peek(p, 0);
	struct tnode *tn;

	if (t->kind == TK_LBRACKET) {
		tn = tnode_new(p->a, TN_ARRAY, parse_next(p)->loc);
		tn->sysh = t->sysh;
		if (parse_type_start_kernel(p, 0) ||
		    is_storage(parse_peek(p, 0)->kind) ||
		    parse_at(p, TK_ELLIPSIS)) {
			tn->kind = TN_ASSOC;
			if (!parameter_type_list(p, tn))
				return NULL;
		} else if (!parse_at(p, TK_RBRACKET) &&
			   !(tn->dim = parse_cond_expr(p))) {
			return NULL;
		}
		if (parse_expect(p, TK_RBRACKET) < 0 ||
		    (tn->kind == TN_ASSOC && parse_check_proto(p, tn) < 0))
			return NULL;
	} else if (t->kind == TK_LPAREN) {
		tn = tnode_new(p->a, TN_FUNC, parse_next(p)->loc);
		if (!parse_at(p, TK_RPAREN) && !parameter_type_list(p, tn))
			return NULL;
		if (parse_expect(p, TK_RPAREN) < 0 || parse_check_proto(p, tn) < 0)
			return NULL;
	} else {
		return base;
	}
	tn->base = type_suffix(p, base);
	if (tn->base && tn->base->kind == TN_ASSOC && tn->kind != TN_FUNC) {
		/* "int a[2][int]": a key list may only be the first suffix */
		diag_error(p->d, tn->base->loc, D_DECL_DYNOBJ,
			   "cannot declare array of associative arrays");
		return NULL;
	}
	return tn->base ? tn : NULL;
}

/* Is the "(" at token 0 a parenthesized declarator, not parameters? */
static bool nested_declarator(struct parser *p, enum decl_mode mode)
{
	struct token *t = parse_peek(p, 1);

	if (mode == DECL_NAMED)
		return true;
	if (t->kind == TK_STAR || t->kind == TK_LBRACKET)
		return true;
	return mode == DECL_EITHER && t->kind == TK_IDENT &&
	       !parse_is_typedef(p, t->sval, t->slen);
}

/*
 * declarator: pointer* direct_declarator
 * pointer: "*" type_qualifier*
 * direct_declarator: IDENT | "(" declarator ")" | direct_declarator
 *	array | direct_declarator function
 * (and the abstract forms, without the IDENT)
 */
static struct tnode *declarator(struct parser *p, struct tnode *base,
				const char **name, struct srcloc *nloc,
				enum decl_mode mode)
{
	struct token *t;
	int stars = 0;

	while (parse_at(p, TK_STAR)) {
		struct tnode *ptr;

		/* later passes walk the type recursively: bound it too */
		if (++stars > PARSE_MAX_DEPTH) {
			diag_error(p->d, parse_peek(p, 0)->loc, D_SYNTAX,
				   "syntax error: nesting deeper than %d levels",
				   PARSE_MAX_DEPTH);
			return NULL;
		}
		ptr = tnode_new(p->a, TN_POINTER, parse_next(p)->loc);

		ptr->base = base;
		while (is_qualifier(parse_peek(p, 0)->kind)) {
			enum tok_kind k = parse_next(p)->kind;

			ptr->quals |= k == TK_KW_CONST ? TQ_CONST :
				k == TK_KW_VOLATILE ? TQ_VOLATILE : TQ_RESTRICT;
		}
		base = ptr;
	}
	t = parse_peek(p, 0);
	if (t->kind == TK_LPAREN && nested_declarator(p, mode)) {
		/*
		 * "int (*fp)(int)": the suffixes after the parenthesis
		 * apply first; parse the inside around a placeholder
		 * and fill it in with the outer type afterwards.
		 */
		struct tnode *hole = tnode_new(p->a, TN_BASE, t->loc);
		struct tnode *inner, *outer;

		parse_next(p);
		inner = parse_enter(p) ? declarator(p, hole, name, nloc, mode)
				       : NULL;
		p->depth--;
		if (!inner || parse_expect(p, TK_RPAREN) < 0)
			return NULL;
		outer = type_suffix(p, base);
		if (!outer)
			return NULL;
		*hole = *outer;
		return inner;
	}
	if (mode != DECL_ABSTRACT && t->kind == TK_IDENT) {
		*nloc = t->loc;
		*name = parse_next(p)->sval;
	} else if (mode == DECL_NAMED && t->kind == TK_SYMBOL) {
		/* "int a`b;": kept whole for scoped_name() to reject */
		*nloc = t->loc;
		*name = arena_printf(p->a, "%s`%s", t->module ? t->module : "",
				     t->sval);
		parse_next(p);
	} else if (mode == DECL_NAMED) {
		parse_syntax_error(p, t);
		return NULL;
	}
	return type_suffix(p, base);
}

/*
 * parameter_type_list: parameter_list [ "," "..." ] | "..."
 * parameter_declaration: declaration_specifiers [ declarator |
 *	abstract_declarator ]
 */
static struct tnode *parameter_type_list(struct parser *p, struct tnode *fn)
{
	struct tparam **tail = &fn->params;

	do {
		struct tparam *prm;
		enum storage sc = SC_NONE;
		struct tnode *base;

		if (parse_accept(p, TK_ELLIPSIS)) {
			fn->varargs = true;
			return fn;
		}
		prm = arena_alloc(p->a, sizeof(*prm));
		prm->loc = parse_peek(p, 0)->loc;
		base = decl_specifiers(p, &sc, true);
		if (!base)
			return NULL;
		prm->tn = declarator(p, base, &prm->name, &prm->loc,
				     DECL_EITHER);
		if (!prm->tn)
			return NULL;
		/* DTrace's dt_decl_pop_param(): only register may stay */
		if (sc != SC_NONE && sc != SC_REGISTER) {
			diag_error(p->d, prm->loc, D_DECL_PARMCLASS,
				   "inappropriate storage class for function or associative array parameter");
			return NULL;
		}
		*tail = prm;
		tail = &prm->next;
	} while (parse_accept(p, TK_COMMA));
	return fn;
}

/* type_name: specifier_qualifier_list [ abstract_declarator ] */
struct tnode *parse_type_name(struct parser *p)
{
	struct tnode *base = specifier_qualifier_list(p, true);
	struct srcloc loc;
	const char *name = NULL;

	if (!base)
		return NULL;
	return declarator(p, base, &name, &loc, DECL_ABSTRACT);
}

/*
 * declaration: declaration_specifiers [ declarator ("," declarator)* ] ";"
 * One NK_DECL per declarator; a typedef's names become type names.
 */
struct node *parse_declaration(struct parser *p, bool force_typename)
{
	struct srcloc loc = parse_peek(p, 0)->loc;
	bool cdefs = parse_peek(p, 0)->lx_idepth > 0;
	enum storage sc = SC_NONE;
	struct tnode *base = decl_specifiers(p, &sc, force_typename);
	struct node *head = NULL, **tail = &head;

	if (!base)
		return NULL;
	if (parse_at(p, TK_SEMI) && base->kind != TN_STRUCT &&
	    base->kind != TN_UNION && base->kind != TN_ENUM) {
		/* "int;": only a struct, union or enum tag may stand alone */
		diag_error(p->d, loc, D_DECL_USELESS, "useless declaration");
		return NULL;
	}
	if (parse_accept(p, TK_SEMI)) {
		head = node_new(p->a, NK_DECL, loc);
		head->storage = sc;
		head->tn = base;
		head->cdefs = cdefs;
		return head;
	}
	do {
		struct node *n = node_new(p->a, NK_DECL, loc);

		n->storage = sc;
		n->cdefs = cdefs;
		n->tn = declarator(p, base, &n->name, &n->loc, DECL_NAMED);
		if (!n->tn || scoped_name(p, n->loc, n->name, "declaration") < 0)
			return NULL;
		if (sc == SC_TYPEDEF)
			parse_add_typedef(p, n->name);
		*tail = n;
		tail = &n->next;
		switch (head == n ? parse_sysh_fndef(p, n) : 0) {
		case 1: return head;
		case -1: return NULL;
		}
	} while (parse_accept(p, TK_COMMA));
	return parse_expect(p, TK_SEMI) < 0 ? NULL : head;
}

/*
 * inline_definition:
 *	"inline" declaration_specifiers declarator "=" assignment_expression ";"
 */
struct node *parse_inline(struct parser *p)
{
	struct node *n = node_new(p->a, NK_INLINE, parse_next(p)->loc);
	struct tnode *base = decl_specifiers(p, &n->storage, false);

	if (!base)
		return NULL;
	n->tn = declarator(p, base, &n->name, &n->loc, DECL_NAMED);
	if (!n->tn || scoped_name(p, n->loc, n->name, "declaration") < 0 ||
	    parse_expect(p, TK_ASSIGN) < 0)
		return NULL;
	/* a library's is parsed again at its first use (sema_inline.c);
	 * one with parameters is instantiated from its tree */
	if (p->src->is_library && n->tn->kind != TN_ASSOC)
		return parse_later_part(p, parse_assign_expr, TK_SEMI,
					&n->init, &n->later) < 0 ? NULL : n;
	if (!(n->init = parse_assign_expr(p)) || parse_expect(p, TK_SEMI) < 0)
		return NULL;
	return n;
}

/*
 * translator_member* "}", the list of NK_ASSIGN; NULL for none or on
 * a syntax error (parse_failed says which)
 * translator_member: IDENT "=" assignment_expression ";"
 */
static struct node *translator_members(struct parser *p)
{
	struct node *head = NULL, **tail = &head;

	while (!parse_accept(p, TK_RBRACE)) {
		struct node *m = node_new(p->a, NK_ASSIGN,
					  parse_peek(p, 0)->loc);

		m->op = TK_ASSIGN;
		if (parse_expect(p, TK_IDENT) < 0)
			return NULL;
		m->lhs = node_new(p->a, NK_IDENT, p->prev.loc);
		m->lhs->name = p->prev.sval;
		if (parse_expect(p, TK_ASSIGN) < 0 ||
		    !(m->rhs = parse_assign_expr(p)) ||
		    parse_expect(p, TK_SEMI) < 0)
			return NULL;
		*tail = m;
		tail = &m->next;
	}
	return head;
}

/*
 * translator_definition:
 *	"translator" type_name "<" type_name IDENT ">"
 *	"{" translator_member* "}" ";"
 */
struct node *parse_translator(struct parser *p)
{
	struct node *n = node_new(p->a, NK_TRANSLATOR, parse_next(p)->loc);

	if (!(n->tn = parse_type_name(p)) || parse_expect(p, TK_LT) < 0 ||
	    !(n->tn2 = parse_type_name(p)) || parse_expect(p, TK_IDENT) < 0)
		return NULL;
	n->name = p->prev.sval;
	if (parse_expect(p, TK_GT) < 0 || parse_expect(p, TK_LBRACE) < 0)
		return NULL;
	/* a library's members are parsed again at first use (xlate.c) */
	if (p->src->is_library) {
		if (parse_later_part(p, translator_members, TK_EOF,
				     &n->members, &n->later) < 0)
			return NULL;
	} else if (!(n->members = translator_members(p)) && parse_failed(p)) {
		return NULL;
	}
	return parse_expect(p, TK_SEMI) < 0 ? NULL : parse_reduced(p, n, false);
}

/* function: "(" [ parameter_type_list ] ")" */
static struct tnode *function(struct parser *p)
{
	struct tnode *fn = tnode_new(p->a, TN_FUNC, parse_peek(p, 0)->loc);

	if (parse_expect(p, TK_LPAREN) < 0)
		return NULL;
	if (!parse_at(p, TK_RPAREN) && !parameter_type_list(p, fn))
		return NULL;
	return parse_expect(p, TK_RPAREN) < 0 ? NULL : fn;
}

/*
 * provider_definition: "provider" IDENT "{" provider_probe* "}" ";"
 * provider_probe: "probe" IDENT function [ ":" function ] ";"
 */
struct node *parse_provider(struct parser *p)
{
	struct node *n = node_new(p->a, NK_PROVIDER, parse_next(p)->loc);
	struct node **tail = &n->probes;

	if (parse_expect(p, TK_IDENT) < 0)
		return NULL;
	n->name = p->prev.sval;
	if (parse_expect(p, TK_LBRACE) < 0)
		return NULL;
	while (!parse_accept(p, TK_RBRACE)) {
		struct node *pr = node_new(p->a, NK_DECL, parse_peek(p, 0)->loc);

		if (parse_expect(p, TK_KW_PROBE) < 0 ||
		    parse_expect(p, TK_IDENT) < 0)
			return NULL;
		pr->name = p->prev.sval;
		pr->loc = p->prev.loc;
		if (!(pr->tn = function(p)))
			return NULL;
		if (parse_accept(p, TK_COLON) && !(pr->tn2 = function(p)))
			return NULL;
		if (parse_expect(p, TK_SEMI) < 0)
			return NULL;
		*tail = pr;
		tail = &pr->next;
	}
	return parse_expect(p, TK_SEMI) < 0 ? NULL : n;
}

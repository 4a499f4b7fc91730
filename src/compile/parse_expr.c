/*
 * D expressions: C's operators with C's precedence, plus D's "^^"
 * (logical xor, between "||" and "&&"), aggregations, macro variables,
 * kernel symbols, self->/this-> variables, sizeof/stringof/offsetof and
 * xlate.  Binary operators are parsed from one precedence table that
 * mirrors dt_grammar.y's chain of *_expression rules.
 */
#include <string.h>

#include "parse_impl.h"

static struct node *cast_expression(struct parser *p);
static struct node *unary_expression(struct parser *p);

static struct node *new_op(struct parser *p, enum node_kind kind, int op,
			   struct srcloc loc, struct node *lhs,
			   struct node *rhs)
{
	struct node *n = node_new(p->a, kind, loc);

	n->op = op;
	n->lhs = lhs;
	n->rhs = rhs;
	return n;
}

/* argument_expression_list: assignment_expression ("," assignment_expression)* */
static struct node *argument_list(struct parser *p, enum tok_kind close)
{
	struct node *head = NULL, **tail = &head;

	if (parse_at(p, close))
		return NULL;
	do {
		struct node *e = parse_assign_expr(p);

		if (!e)
			return NULL;
		*tail = e;
		tail = &e->next;
	} while (parse_accept(p, TK_COMMA));
	return head;
}

/* An identifier after "." or "->": any name, keywords included. */
static const char *member_name(struct parser *p)
{
	struct token *t = parse_peek(p, 0);

	if (t->kind == TK_IDENT ||
	    (t->kind >= TK_KW_FIRST && t->kind <= TK_KW_LAST))
		return parse_next(p)->sval;
	parse_syntax_error(p, t);
	return NULL;
}

/* "offsetof" "(" type_name "," IDENT ")" */
static struct node *offsetof_expr(struct parser *p)
{
	struct node *n = node_new(p->a, NK_OFFSETOF, parse_next(p)->loc);

	if (parse_expect(p, TK_LPAREN) < 0)
		return NULL;
	/* as in DTrace's grammar, a name that is no type is a syntax error */
	if (parse_peek(p, 0)->kind == TK_IDENT &&
	    !parse_is_type_name(p, parse_peek(p, 0))) {
		parse_syntax_error(p, parse_peek(p, 0));
		return NULL;
	}
	if (!(n->tn = parse_type_name(p)) ||
	    parse_expect(p, TK_COMMA) < 0 || !(n->name = member_name(p)) ||
	    parse_expect(p, TK_RPAREN) < 0)
		return NULL;
	return parse_reduced(p, n, false);
}

/* "xlate" "<" type_name ">" "(" expression ")" */
static struct node *xlate_expr(struct parser *p)
{
	struct node *n = node_new(p->a, NK_XLATE, parse_next(p)->loc);

	if (parse_expect(p, TK_LT) < 0 || !(n->tn = parse_type_name(p)) ||
	    parse_expect(p, TK_GT) < 0 || parse_expect(p, TK_LPAREN) < 0 ||
	    !(n->lhs = parse_expr(p)) || parse_expect(p, TK_RPAREN) < 0)
		return NULL;
	return parse_reduced(p, n, false);
}

/* "self" "->" name | "this" "->" name (a bare self/this is an ident) */
static struct node *scoped_var(struct parser *p)
{
	struct token *t = parse_next(p);
	bool self = t->kind == TK_KW_SELF;
	struct node *n = node_new(p->a, self ? NK_SELF : NK_THIS, t->loc);

	if (!parse_accept(p, TK_ARROW)) {
		n->kind = NK_IDENT;
		n->name = self ? "self" : "this";
		return parse_reduced(p, n, false);
	}
	n->name = member_name(p);
	return n->name ? parse_reduced(p, n, false) : NULL;
}

static struct node *leaf(struct parser *p, enum node_kind kind)
{
	struct token *t = parse_next(p);
	struct node *n = node_new(p->a, kind, t->loc);

	n->name = t->sval;
	n->sval = t->sval;
	n->slen = t->slen;
	n->module = t->module;
	n->ival = t->ival;
	n->int_suffix = t->int_suffix;
	n->is_char = t->is_char;
	n->quoted = t->quoted;
	if (kind != NK_STRING)
		n->sval = NULL;
	return parse_reduced(p, n, false);
}

/*
 * primary_expression:
 *	IDENT | AGG | INT | STRING | MACRO | SYMBOL | "self" | "this"
 *	| "(" expression ")" | offsetof_expr | xlate_expr
 */
static struct node *primary_expression(struct parser *p)
{
	struct token *t = parse_peek(p, 0);
	struct node *n;

	switch (t->kind) {
	case TK_IDENT: return leaf(p, NK_IDENT);
	case TK_AGG: return leaf(p, NK_AGG);
	case TK_INT: return leaf(p, NK_INT);
	case TK_STRING: return leaf(p, NK_STRING);
	case TK_MACRO: return leaf(p, NK_MACRO);
	case TK_SYMBOL: return leaf(p, NK_SYMBOL);
	case TK_KW_SELF: case TK_KW_THIS: return scoped_var(p);
	case TK_KW_OFFSETOF: return offsetof_expr(p);
	case TK_KW_XLATE: return xlate_expr(p);
	case TK_LPAREN:
		parse_next(p);
		n = parse_expr(p);
		if (!n || parse_expect(p, TK_RPAREN) < 0)
			return NULL;
		return n;
	default:
		parse_syntax_error(p, t);
		return NULL;
	}
}

/* postfix "(" args ")": only a name can be called in D */
static struct node *call(struct parser *p, struct node *fn)
{
	struct node *n = node_new(p->a, NK_CALL, fn->loc);

	if (fn->kind != NK_IDENT) {
		diag_error(p->d, fn->loc, D_FUNC_IDENT,
			   "function designator is not of function type");
		return NULL;
	}
	n->name = fn->name;
	n->args = argument_list(p, TK_RPAREN);
	if (parse_failed(p) || parse_expect(p, TK_RPAREN) < 0)
		return NULL;
	return parse_reduced(p, n, false);
}

/*
 * postfix_expression:
 *	primary_expression
 *	| postfix_expression "[" argument_expression_list "]"
 *	| postfix_expression "(" [ argument_expression_list ] ")"
 *	| postfix_expression ( "." | "->" ) IDENT
 *	| postfix_expression ( "++" | "--" )
 */
static struct node *postfix_expression(struct parser *p)
{
	struct node *n = primary_expression(p), *m;

	while (n) {
		struct token t = *parse_peek(p, 0);

		switch (t.kind) {
		case TK_LBRACKET:
			parse_next(p);
			m = new_op(p, NK_INDEX, 0, n->loc, n, NULL);
			m->args = argument_list(p, TK_RBRACKET);
			if (!m->args) {
				parse_syntax_error(p, parse_peek(p, 0));
				return NULL;
			}
			if (parse_expect(p, TK_RBRACKET) < 0)
				return NULL;
			n = parse_reduced(p, m, false);
			break;
		case TK_LPAREN:
			parse_next(p);
			n = call(p, n);
			break;
		case TK_DOT:
		case TK_ARROW:
			parse_next(p);
			n = new_op(p, t.kind == TK_DOT ? NK_MEMBER : NK_PTRMEMBER,
				   t.kind, t.loc, n, NULL);
			n->name = member_name(p);
			if (!n->name)
				return NULL;
			parse_reduced(p, n, false);
			break;
		case TK_INC:
		case TK_DEC:
			parse_next(p);
			n = new_op(p, t.kind == TK_INC ? NK_POSTINC : NK_POSTDEC,
				   t.kind, t.loc, n, NULL);
			parse_reduced(p, n, false);
			break;
		default:
			return n;
		}
	}
	return NULL;
}

/*
 * "sizeof" unary_expression | "sizeof" "(" type_name ")"
 * ("sizeof (x)" with x not known as a type is an expression; sema
 * reinterprets it if x turns out to name a kernel type.)
 */
static struct node *sizeof_expr(struct parser *p)
{
	struct node *n = node_new(p->a, NK_SIZEOF_EXPR, parse_next(p)->loc);

	if (parse_at(p, TK_LPAREN) && parse_paren_is_type(p, false)) {
		parse_next(p);
		n->kind = NK_SIZEOF_TYPE;
		if (!(n->tn = parse_type_name(p)) ||
		    parse_expect(p, TK_RPAREN) < 0)
			return NULL;
		return parse_reduced(p, n, false);
	}
	n->lhs = unary_expression(p);
	return n->lhs ? parse_reduced(p, n, true) : NULL;
}

/*
 * unary_expression:
 *	postfix_expression
 *	| "++" unary_expression | "--" unary_expression
 *	| unary_operator cast_expression
 *	| "sizeof" unary_expression | "sizeof" "(" type_name ")"
 *	| "stringof" unary_expression
 * unary_operator: "&" | "*" | "+" | "-" | "~" | "!"
 */
static struct node *unary_nested(struct parser *p);

static struct node *unary_expression(struct parser *p)
{
	struct node *n = parse_enter(p) ? unary_nested(p) : NULL;

	p->depth--;
	return n;
}

static struct node *unary_nested(struct parser *p)
{
	struct token t = *parse_peek(p, 0);
	struct node *n;

	switch (t.kind) {
	case TK_INC:
	case TK_DEC:
		parse_next(p);
		n = unary_expression(p);
		return n ? parse_reduced(p, new_op(p, t.kind == TK_INC ?
						   NK_PREINC : NK_PREDEC,
						   t.kind, t.loc, n, NULL),
					 true) : NULL;
	case TK_AMP: case TK_STAR: case TK_PLUS: case TK_MINUS:
	case TK_TILDE: case TK_NOT:
		parse_next(p);
		n = cast_expression(p);
		return n ? parse_reduced(p, new_op(p, NK_UNARY, t.kind, t.loc,
						   n, NULL), true) : NULL;
	case TK_KW_SIZEOF:
		return sizeof_expr(p);
	case TK_KW_STRINGOF:
		parse_next(p);
		n = unary_expression(p);
		return n ? parse_reduced(p, new_op(p, NK_STRINGOF, t.kind,
						   t.loc, n, NULL), true) :
			   NULL;
	default:
		return postfix_expression(p);
	}
}

/* cast_expression: unary_expression | "(" type_name ")" cast_expression */
static struct node *cast_expression(struct parser *p)
{
	struct node *n;
	struct srcloc loc;

	if (!parse_at(p, TK_LPAREN) || !parse_paren_is_type(p, true))
		return unary_expression(p);
	loc = parse_next(p)->loc;
	n = node_new(p->a, NK_CAST, loc);
	if (!(n->tn = parse_type_name(p)) || parse_expect(p, TK_RPAREN) < 0 ||
	    !(n->lhs = cast_expression(p)))
		return NULL;
	return parse_reduced(p, n, true);
}

/*
 * The binary operators by precedence, lowest first, one row per rule:
 * logical_or, logical_xor, logical_and, inclusive_or, exclusive_or,
 * and, equality, relational, shift, additive, multiplicative.  All are
 * left-associative.
 */
static const enum tok_kind binary_ops[][5] = {
	{ TK_LOR }, { TK_LXOR }, { TK_LAND }, { TK_BOR }, { TK_XOR },
	{ TK_AMP }, { TK_EQ, TK_NE }, { TK_LT, TK_GT, TK_LE, TK_GE },
	{ TK_SHL, TK_SHR }, { TK_PLUS, TK_MINUS },
	{ TK_STAR, TK_SLASH, TK_PERCENT },
};
#define NLEVELS ((int)(sizeof(binary_ops) / sizeof(binary_ops[0])))

static bool level_has(int level, enum tok_kind kind)
{
	for (int i = 0; i < 5 && binary_ops[level][i]; i++)
		if (binary_ops[level][i] == kind)
			return true;
	return false;
}

/* X_expression: Y_expression | X_expression OP Y_expression */
static struct node *binary_expression(struct parser *p, int level)
{
	struct node *n;

	if (level == NLEVELS)
		return cast_expression(p);
	n = binary_expression(p, level + 1);
	for (int ops = 1; n && level_has(level, parse_peek(p, 0)->kind) &&
			  parse_chain_ok(p, ops); ops++) {
		struct token t = *parse_next(p);
		struct node *r = binary_expression(p, level + 1);

		n = r ? parse_reduced(p, new_op(p, NK_BINARY, t.kind, t.loc,
						n, r), true) : NULL;
	}
	return n;
}

/*
 * conditional_expression:
 *	logical_or_expression
 *	| logical_or_expression "?" expression ":" conditional_expression
 */
struct node *parse_cond_expr(struct parser *p)
{
	struct node *c = binary_expression(p, 0), *n;
	struct token t;

	if (!c || !parse_at(p, TK_QUESTION))
		return c;
	t = *parse_next(p);
	n = node_new(p->a, NK_COND, t.loc);
	n->cond = c;
	if (parse_enter(p) && (n->then = parse_expr(p)) &&
	    parse_expect(p, TK_COLON) == 0)
		n->els = parse_cond_expr(p);
	p->depth--;
	return n->els ? parse_reduced(p, n, true) : NULL;
}

static bool assign_op(enum tok_kind k)
{
	return k == TK_ASSIGN || (k >= TK_ADD_ASSIGN && k <= TK_SHR_ASSIGN);
}

/*
 * assignment_expression:
 *	conditional_expression
 *	| unary_expression assignment_operator assignment_expression
 */
struct node *parse_assign_expr(struct parser *p)
{
	struct node *l = parse_cond_expr(p), *r;
	struct token t;

	if (!l || !assign_op(parse_peek(p, 0)->kind))
		return l;
	t = *parse_peek(p, 0);
	/* the left side must be a unary_expression in the grammar */
	if (l->kind == NK_BINARY || l->kind == NK_COND || l->kind == NK_CAST) {
		parse_syntax_error(p, &t);
		return NULL;
	}
	parse_next(p);
	r = parse_enter(p) ? parse_assign_expr(p) : NULL;
	p->depth--;
	return r ? parse_reduced(p, new_op(p, NK_ASSIGN, t.kind, t.loc, l, r),
				 true) : NULL;
}

/* expression: assignment_expression | expression "," assignment_expression */
struct node *parse_expr(struct parser *p)
{
	struct node *n = parse_assign_expr(p);

	for (int ops = 1; n && parse_at(p, TK_COMMA) &&
			  parse_chain_ok(p, ops); ops++) {
		struct token t = *parse_next(p);
		struct node *r = parse_assign_expr(p);

		n = r ? parse_reduced(p, new_op(p, NK_BINARY, TK_COMMA, t.loc,
						n, r), true) : NULL;
	}
	return n;
}

/*
 * Library translators' member expressions, parsed twice.  Every run
 * reads the shipped D libraries, whose translators (psinfo.d, io.d,
 * ip.d, tcp.d...) are two thirds of their syntax trees, while a script
 * seldom uses one.  A member's expression is parsed at load, so that a
 * syntax error is reported there, as DTrace does, and then dropped: the
 * arena returns to where it was (arena_release), and the next member
 * is parsed into the same memory.  The trees cost a few pages instead
 * of half a megabyte of fresh memory (a fault for each page, which
 * dominated start-up: bench/README.md).  The expression is parsed
 * again, from its first token with the typedef names known at load,
 * when the translator is first used (xlate.c).
 */
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "parse_impl.h"

struct parse_later {
	const struct source *src;
	struct token first;		/* the expression's first token */
	enum lex_mode mode;
	/* the typedef names at the translator (shared, never changed:
	 * a name added later is put before these) */
	struct typedef_name *const *typedefs;
};

struct typedef_name *const *parse_later_names(struct parser *p)
{
	return arena_memdup(p->a, p->typedefs, sizeof(p->typedefs));
}

struct node *parse_later_expr(struct parser *p, struct node *m,
			      struct typedef_name *const *names)
{
	struct parse_later *l = arena_alloc(p->a, sizeof(*l));
	struct node **ptail = p->pragma_tail;
	struct arena_mark mark;
	struct node *e;

	l->src = p->src;
	l->first = *parse_peek(p, 0);
	l->mode = p->mode;
	l->typedefs = names;
	mark = arena_mark(p->a);
	e = parse_assign_expr(p);
	if (!e || parse_expect(p, TK_SEMI) < 0)
		return NULL;
	/* a #pragma read on the way is kept, with what it allocated */
	if (p->pragma_tail != ptail) {
		m->rhs = e;
		return m;
	}
	/* tokens read ahead were allocated since the mark: read again */
	if (p->nbuf > 0) {
		lex_rewind(&p->lx, &p->buf[0]);
		p->nbuf = 0;
	}
	arena_release(p->a, mark);
	m->later = l;
	m->rhs = NULL;
	return m;
}

struct node *parse_later(struct arena *a, struct diag *d,
			 const struct parse_later *l)
{
	struct parser *p = xcalloc(1, sizeof(*p));
	struct node *e;

	parse_init(p, a, l->src, d);
	memcpy(p->typedefs, l->typedefs, sizeof(p->typedefs));
	p->mode = l->mode;
	lex_rewind(&p->lx, &l->first);
	e = parse_assign_expr(p);
	if (parse_failed(p))
		e = NULL;
	free(p);
	return e;
}

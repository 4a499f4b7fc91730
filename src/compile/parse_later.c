/*
 * Library translators' member lists and inlines' initializers, parsed
 * twice.  Every run reads the shipped D libraries, whose translators
 * (psinfo.d, io.d, ip.d, tcp.d...) and inlines (errno.d, signal.d,
 * regs.d, ip.d...) are nearly all of their syntax trees, while a script
 * seldom uses one.  Such a part is parsed at load, so that a syntax
 * error is reported there, as DTrace does, and then dropped: the arena
 * returns to where it was (arena_release), and the next one is parsed
 * into the same memory.  The trees cost a few pages instead of half a
 * megabyte of fresh memory (a fault for each page, which dominated
 * start-up: bench/README.md).  The part is parsed again, from its first
 * token with the typedef names known at load, when the translator or
 * the inline is first used (xlate.c, sema_inline.c).
 */
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "parse_impl.h"

struct parse_later {
	const struct source *src;
	struct node *(*parse)(struct parser *p);	/* what it is */
	/* the lexer's state at the part's first token (lex_rewind) */
	int off, line, line_off, delta;
	int parens, brackets, braces, idepth;
	bool sysh;
	enum lex_mode mode;
	/* the typedef names at the part (shared, never changed: a name
	 * added later is put before these) */
	struct typedef_name *const *typedefs;
};

/* one copy of the table for every part until a typedef is added
 * (parse_add_typedef forgets it): a copy per inline would cost more
 * than the trees it saves */
struct typedef_name *const *parse_later_names(struct parser *p)
{
	if (!p->later_names)
		p->later_names = arena_memdup(p->a, p->typedefs,
					      sizeof(p->typedefs));
	return p->later_names;
}

int parse_later_part(struct parser *p, struct node *(*parse)(struct parser *p),
		     enum tok_kind end, struct node **tree,
		     const struct parse_later **later)
{
	struct typedef_name *const *names = parse_later_names(p);
	struct parse_later *l = arena_alloc(p->a, sizeof(*l));
	const struct token *t = parse_peek(p, 0);
	struct node **ptail = p->pragma_tail;
	struct arena_mark mark;
	struct node *e;

	*l = (struct parse_later){
		.src = p->src, .parse = parse, .off = t->loc.off,
		.line = t->lx_line, .line_off = t->lx_line_off,
		.delta = t->lx_delta, .parens = t->lx_parens,
		.brackets = t->lx_brackets, .braces = t->lx_braces,
		.idepth = t->lx_idepth, .sysh = t->sysh, .mode = p->mode,
		.typedefs = names,
	};
	mark = arena_mark(p->a);
	e = parse(p);
	if (parse_failed(p) ||
	    (end != TK_EOF && (!e || parse_expect(p, end) < 0)))
		return -1;
	/* a #pragma read on the way is kept, with what it allocated */
	if (p->pragma_tail != ptail) {
		*tree = e;
		return 0;
	}
	/* tokens read ahead were allocated since the mark: read again */
	if (p->nbuf > 0) {
		lex_rewind(&p->lx, &p->buf[0]);
		p->nbuf = 0;
	}
	arena_release(p->a, mark);
	*later = l;
	*tree = NULL;
	return 0;
}

int parse_later(struct arena *a, struct diag *d, const struct parse_later *l,
		struct node **tree)
{
	struct parser *p = xcalloc(1, sizeof(*p));
	struct token t = {
		.loc = { .off = l->off }, .lx_line = l->line,
		.lx_line_off = l->line_off, .lx_delta = l->delta,
		.lx_parens = l->parens, .lx_brackets = l->brackets,
		.lx_braces = l->braces, .lx_idepth = l->idepth,
		.sysh = l->sysh,
	};
	int rc;

	parse_init(p, a, l->src, d);
	memcpy(p->typedefs, l->typedefs, sizeof(p->typedefs));
	p->mode = l->mode;
	lex_rewind(&p->lx, &t);
	*tree = l->parse(p);
	rc = parse_failed(p) ? -1 : 0;
	free(p);
	return rc;
}

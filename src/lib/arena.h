/*
 * Arena allocation: one arena per compilation (tokens, AST, types, code)
 * and one per session, freed in one call.  Allocation never fails: on
 * exhaustion of memory the process exits, as there is nothing sensible
 * a tracer can do half-way through building its program.
 */
#ifndef BD_ARENA_H
#define BD_ARENA_H

#include <stddef.h>

struct arena_chunk;

struct arena {
	struct arena_chunk *head;
};

void *arena_alloc(struct arena *a, size_t size);	/* zeroed, 16-aligned */
/* size bytes, 16-aligned, not zeroed: for what is written whole at once */
void *arena_bump(struct arena *a, size_t size);
void *arena_memdup(struct arena *a, const void *p, size_t size);
/* p, from malloc(), is freed with the arena */
void arena_adopt(struct arena *a, void *p);
/* p, a mapping of size bytes from xmap_grow(), is unmapped with the arena */
void arena_adopt_map(struct arena *a, void *p, size_t size);
char *arena_strdup(struct arena *a, const char *s);
char *arena_strndup(struct arena *a, const char *s, size_t n);
char *arena_printf(struct arena *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void arena_free(struct arena *a);	/* releases every chunk; a may be reused */

/*
 * A point in an arena's allocations, and the return to it: what was
 * allocated since is reused by what comes next, so that a pass that
 * builds and drops a tree touches no fresh memory (each fresh page
 * costs a fault).  When the arena moved to another chunk since, the
 * newest chunk is reused from its start and the tail of the mark's is
 * left; either way nothing allocated since the mark may be used
 * afterwards.
 */
struct arena_mark {
	struct arena_chunk *chunk;
	size_t used;
};

struct arena_mark arena_mark(const struct arena *a);
void arena_release(struct arena *a, struct arena_mark m);

/* fatal out-of-memory helpers for the few heap allocations outside arenas */
void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);
/*
 * A big array whose final size is not known: an anonymous mapping of
 * size bytes (p NULL) or p, of old bytes, grown to size by moving its
 * pages (mremap), never by copying them.  Freed with xmap_free(p, size)
 * or arena_adopt_map().
 */
void *xmap_grow(void *p, size_t old, size_t size);
void xmap_free(void *p, size_t size);

#endif

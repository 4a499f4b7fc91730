/*
 * Arena allocator: bump allocation in chunks, released together.
 */
#define _GNU_SOURCE	/* mremap */
#include "arena.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define ARENA_CHUNK_MIN (64 * 1024)
/* chunks double up to this: a big snapshot's keys in few large blocks */
#define ARENA_CHUNK_MAX (4 * 1024 * 1024)
/* blocks from this size on are backed by huge pages where THP allows */
#define HUGE_MIN	(4 * 1024 * 1024)
#define HUGE_PAGE	(2 * 1024 * 1024)

struct arena_chunk {
	struct arena_chunk *next;
	void *owned;		/* a heap block freed with the arena (arena_adopt) */
	size_t mapped;		/* or a mapping of so many bytes (arena_adopt_map) */
	size_t size;
	size_t used;
	_Alignas(16) unsigned char data[];
};

static void oom(void)
{
	fputs("dtrace: out of memory\n", stderr);
	exit(1);
}

/*
 * Ask for transparent huge pages under a big block (THP in "madvise"
 * mode, Debian's default, gives them only where asked).  Printing a
 * million aggregation keys touched 220 MB of fresh memory 4 KB at a
 * time: 55,000 page faults, a sixth of its CPU time in a guest where
 * each fault costs microseconds.  Only the 2 MB-aligned interior is
 * advised; glibc serves such sizes with mmap, so the advice goes with
 * the block when it is freed.
 */
static void *huge(void *p, size_t size)
{
	uintptr_t lo = ((uintptr_t)p + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
	uintptr_t hi = ((uintptr_t)p + size) & ~(uintptr_t)(HUGE_PAGE - 1);

	if (size >= HUGE_MIN && hi > lo)
		madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
	return p;
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		oom();
	return huge(p, size);
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		oom();
	return p;
}

void *xrealloc(void *p, size_t size)
{
	p = realloc(p, size ? size : 1);
	if (!p)
		oom();
	return huge(p, size);
}

/*
 * Grown by moving pages, not bytes.  realloc() of a block the heap holds
 * (glibc serves blocks of up to 32 MB from it once big blocks have been
 * freed) copies it whole at each doubling: the entries of a million-key
 * snapshot were copied about twice over, and each copy touched fresh
 * pages, a sixth of the time of printing them.  mremap() moves the
 * pages themselves.
 */
static size_t map_round(size_t size)
{
	size_t page = 4096;

	return (size + page - 1) & ~(page - 1);
}

/* The whole mapping advised at once: advice on a part of it would split
 * it in two, and mremap() cannot move a range that spans mappings. */
static void *map_huge(void *p, size_t size)
{
	if (size >= HUGE_MIN)
		madvise(p, size, MADV_HUGEPAGE);
	return p;
}

void *xmap_grow(void *p, size_t old, size_t size)
{
	void *q;

	size = map_round(size ? size : 1);
	if (!p) {
		q = mmap(NULL, size, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (q == MAP_FAILED)
			oom();
		return map_huge(q, size);
	}
	old = map_round(old ? old : 1);
	if (size <= old)
		return p;
	q = mremap(p, old, size, MREMAP_MAYMOVE);
	if (q == MAP_FAILED) {		/* a copy, then */
		q = xmap_grow(NULL, 0, size);
		memcpy(q, p, old);
		munmap(p, old);
		return q;
	}
	return map_huge(q, size);
}

void xmap_free(void *p, size_t size)
{
	if (p)
		munmap(p, map_round(size ? size : 1));
}

char *xstrdup(const char *s)
{
	char *p = strdup(s);

	if (!p)
		oom();
	return p;
}

/*
 * A chunk of at least *n bytes of data (*n set to what it holds).  The
 * biggest are whole huge pages, aligned: a chunk that merely held a
 * huge page's worth somewhere inside had half of its pages faulted in
 * 4 KB at a time.
 */
static struct arena_chunk *chunk_alloc(size_t *n)
{
	size_t total = sizeof(struct arena_chunk) + *n;
	void *p;

	if (total < HUGE_MIN)
		return xmalloc(total);
	total = (total + HUGE_PAGE - 1) & ~(size_t)(HUGE_PAGE - 1);
	if (posix_memalign(&p, HUGE_PAGE, total))
		oom();
	*n = total - sizeof(struct arena_chunk);
	return huge(p, total);
}

/* size bytes (a multiple of 16), not zeroed */
static void *bump(struct arena *a, size_t size)
{
	struct arena_chunk *c = a->head;

	if (!c || c->size - c->used < size) {
		/* each chunk twice the last, so a million small copies
		 * take a few dozen mallocs, not thousands */
		size_t n = c && c->size >= ARENA_CHUNK_MIN ? 2 * c->size
							   : ARENA_CHUNK_MIN;

		if (n >= ARENA_CHUNK_MAX)	/* the chunk 4 MB in all */
			n = ARENA_CHUNK_MAX - sizeof(*c);
		if (n < size)
			n = size;

		c = chunk_alloc(&n);
		c->owned = NULL;
		c->mapped = 0;
		c->size = n;
		c->used = 0;
		c->next = a->head;
		a->head = c;
	}
	void *p = c->data + c->used;

	c->used += size;
	return p;
}

void *arena_bump(struct arena *a, size_t size)
{
	return bump(a, (size + 15) & ~(size_t)15);
}

void *arena_alloc(struct arena *a, size_t size)
{
	size = (size + 15) & ~(size_t)15;
	return memset(bump(a, size), 0, size);
}

/*
 * Not arena_alloc() and a copy: zeroing what is copied over at once
 * costs a pass over every byte (megabytes for a big aggregation's
 * entries).  Only the padding is zeroed.
 */
void *arena_memdup(struct arena *a, const void *p, size_t size)
{
	size_t n = (size + 15) & ~(size_t)15;
	char *q = bump(a, n);

	if (size)	/* p may be NULL then, which memcpy may not be given */
		memcpy(q, p, size);
	memset(q + size, 0, n - size);
	return q;
}

struct arena_mark arena_mark(const struct arena *a)
{
	return (struct arena_mark){ a->head, a->head ? a->head->used : 0 };
}

void arena_release(struct arena *a, struct arena_mark m)
{
	struct arena_chunk *c = a->head;

	while (c && c != m.chunk)
		c = c->next;
	if (!m.chunk || !c)
		return;
	/* chunks begun since the mark hold nothing older: the newest is
	 * reused from its start (its pages are touched already), those
	 * between stay unused */
	for (c = a->head; c != m.chunk; c = c->next)
		c->used = 0;
	if (m.chunk->used >= m.used)
		m.chunk->used = m.used;
}

void arena_adopt(struct arena *a, void *p)
{
	arena_adopt_map(a, p, 0);
}

void arena_adopt_map(struct arena *a, void *p, size_t size)
{
	struct arena_chunk *c = xmalloc(sizeof(*c));

	c->owned = p;
	c->mapped = size;
	c->size = c->used = 0;
	/* behind the head, which stays the chunk allocations come from */
	if (a->head) {
		c->next = a->head->next;
		a->head->next = c;
	} else {
		c->next = NULL;
		a->head = c;
	}
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *q = arena_alloc(a, n + 1);

	memcpy(q, s, n);
	q[n] = '\0';
	return q;
}

char *arena_strdup(struct arena *a, const char *s)
{
	return arena_strndup(a, s, strlen(s));
}

char *arena_printf(struct arena *a, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *q = arena_alloc(a, (size_t)n + 1);

	va_start(ap, fmt);
	vsnprintf(q, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return q;
}

void arena_free(struct arena *a)
{
	struct arena_chunk *c = a->head;

	while (c) {
		struct arena_chunk *next = c->next;

		if (c->mapped)
			xmap_free(c->owned, c->mapped);
		else
			free(c->owned);
		free(c);
		c = next;
	}
	a->head = NULL;
}

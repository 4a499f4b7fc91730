/*
 * Unit tests for the arena allocator (src/lib/arena.c): arena_memdup()
 * copies without zeroing first, yet the padding up to 16 bytes is still
 * zero and allocations stay 16-aligned, in a chunk and past its end;
 * arena_adopt()'s block is freed with the arena (make valgrind checks
 * that nothing leaks) and does not take the place of the chunk
 * allocations come from; arena_release() returns to a mark in the
 * same chunk, and when chunks were begun since, reuses the newest from
 * its start (its pages are touched already) and keeps what came before
 * the mark.  xmap_grow() keeps a mapping's bytes as it grows it (pages
 * moved, not copied), and arena_adopt_map() unmaps it with the arena;
 * arena_bump() hands out 16-aligned room, in chunks of 4 MB and more
 * too.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/lib/arena.h"
#include "unit.h"

static void test_memdup(void)
{
	struct arena a = { 0 };
	const char src[] = "abcdefghijklmnopqrstu";	/* 22 bytes */
	unsigned char big[100000];

	for (int i = 0; i < 3; i++) {
		unsigned char *p = arena_memdup(&a, src, sizeof(src));

		CHECK(((uintptr_t)p & 15) == 0);
		CHECK(memcmp(p, src, sizeof(src)) == 0);
		for (size_t j = sizeof(src); j < 32; j++)
			CHECK(p[j] == 0);
	}
	memset(big, 0xa5, sizeof(big));
	unsigned char *q = arena_memdup(&a, big, sizeof(big));

	CHECK(((uintptr_t)q & 15) == 0);
	CHECK(memcmp(q, big, sizeof(big)) == 0);
	CHECK(arena_memdup(&a, NULL, 0) != NULL);
	arena_free(&a);
}

static void test_adopt(void)
{
	struct arena a = { 0 };
	char *first, *second;

	arena_adopt(&a, malloc(64));	/* as the first chunk */
	first = arena_alloc(&a, 16);
	arena_adopt(&a, malloc(1 << 20));
	second = arena_alloc(&a, 16);
	/* still bumped in the same chunk */
	CHECK(second == first + 16);
	arena_free(&a);
	CHECK(a.head == NULL);
}

static void test_release(void)
{
	struct arena a = { 0 };
	char *kept = arena_alloc(&a, 16), *p, *q = NULL, *last = NULL;
	struct arena_mark m;

	strcpy(kept, "kept");
	m = arena_mark(&a);
	p = arena_alloc(&a, 32);
	arena_release(&a, m);
	CHECK(arena_alloc(&a, 32) == p);	/* the same chunk, again */
	arena_release(&a, m);
	/* past the first chunk's end: a new chunk (q its start), reused
	 * from its start at release */
	for (int i = 0; i < 5; i++) {
		p = arena_alloc(&a, 16 * 1024);
		if (last && p != last + 16 * 1024 && !q)
			q = p;
		last = p;
	}
	CHECK(q != NULL);
	arena_release(&a, m);
	CHECK(arena_alloc(&a, 16) == q);
	CHECK(strcmp(kept, "kept") == 0);
	/* a mark of another arena's chunk changes nothing */
	struct arena b = { 0 };
	struct arena_mark mb;

	arena_alloc(&b, 16);
	mb = arena_mark(&b);
	p = arena_alloc(&a, 16);
	arena_release(&a, mb);
	CHECK(arena_alloc(&a, 16) == p + 16);
	arena_free(&b);
	arena_free(&a);
}

static void test_map(void)
{
	struct arena a = {0};
	size_t n = 1000, size = n * sizeof(uint64_t);
	uint64_t *v = xmap_grow(NULL, 0, size);

	for (size_t i = 0; i < n; i++)
		v[i] = i * 7;
	for (; size < (64u << 20); size *= 4) {	/* up to 64 MB */
		v = xmap_grow(v, size, 4 * size);
		v[4 * size / sizeof(*v) - 1] = 1;	/* the new end */
	}
	for (size_t i = 0; i < n; i++)
		CHECK(v[i] == i * 7);
	CHECK(xmap_grow(v, size, size / 2) == v);	/* never shrinks */
	arena_adopt_map(&a, v, size);
	/* 16-aligned room, past the chunks of 4 MB */
	for (int i = 0; i < 3000; i++) {
		char *p = arena_bump(&a, 4000);

		CHECK(((uintptr_t)p & 15) == 0);
		memset(p, i & 0xff, 4000);
	}
	arena_free(&a);
	CHECK(a.head == NULL);
}

int main(void)
{
	RUN(test_memdup);
	RUN(test_adopt);
	RUN(test_release);
	RUN(test_map);
	return UNIT_DONE();
}

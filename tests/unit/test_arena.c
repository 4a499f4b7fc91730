/*
 * Unit tests for the arena allocator (src/lib/arena.c): arena_memdup()
 * copies without zeroing first, yet the padding up to 16 bytes is still
 * zero and allocations stay 16-aligned, in a chunk and past its end;
 * arena_adopt()'s block is freed with the arena (make valgrind checks
 * that nothing leaks) and does not take the place of the chunk
 * allocations come from.
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

int main(void)
{
	RUN(test_memdup);
	RUN(test_adopt);
	return UNIT_DONE();
}

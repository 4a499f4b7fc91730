/*
 * The generators' random numbers (gen_d.c, gen_expr.c): xorshift64*,
 * seeded from the command line, so a seed always gives one program.
 */
#ifndef BD_FUZZ_PICK_H
#define BD_FUZZ_PICK_H

#include <stdint.h>

static uint64_t rng;

static void pick_seed(uint64_t seed)
{
	rng = seed * 0x9e3779b97f4a7c15ULL + 1;
}

/* 0 .. n - 1 */
static unsigned pick(unsigned n)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return (unsigned)((rng * 0x2545f4914f6cdd1dULL) >> 33) % n;
}

#endif

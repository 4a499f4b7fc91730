/*
 * quantize()'s buckets at the edges, computed without a branch
 * (codegen/cg_agg.c): 0, 1, -1, each side of powers of two, 2^32,
 * INT64_MAX and INT64_MIN (whose magnitude has bit 63, in the lowest
 * bucket).  The values go through a variable, so none is folded.
 */
#pragma D option quiet

int64_t x;

BEGIN { x = 0; @[x] = quantize(x); }
BEGIN { x = 1; @[x] = quantize(x); }
BEGIN { x = -1; @[x] = quantize(x); }
BEGIN { x = 3; @[x] = quantize(x); }
BEGIN { x = 4; @[x] = quantize(x); }
BEGIN { x = -4; @[x] = quantize(x); }
BEGIN { x = -5; @[x] = quantize(x); }
BEGIN { x = 65535; @[x] = quantize(x); }
BEGIN { x = 65536; @[x] = quantize(x); }
BEGIN { x = 4294967295; @[x] = quantize(x); }
BEGIN { x = 4294967296; @[x] = quantize(x); }
BEGIN { x = -4294967296; @[x] = quantize(x); }
BEGIN { x = 9223372036854775807; @[x] = quantize(x); }
BEGIN { x = -9223372036854775807 - 1; @[x] = quantize(x); }
BEGIN { exit(0); }

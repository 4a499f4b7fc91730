/*
 * discard() drops the speculated records; until the consumer has seen
 * the discard, the speculation is busy: speculation() fails and the
 * failure is reported as DTrace words it.
 */
#pragma D option quiet

BEGIN { a = speculation(); }
BEGIN { speculate(a); printf("never\n"); }
BEGIN { discard(a); }
BEGIN { b = speculation(); printf("a %d b %d\n", a, b); exit(0); }

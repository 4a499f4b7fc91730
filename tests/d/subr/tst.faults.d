/*
 * Bad user addresses and lltostr/strtoll bases fault (DTrace's "invalid
 * address" and "illegal operation" on stderr) and abandon only their
 * clause.
 */
#pragma D option quiet

BEGIN { x = copyinstr(16); printf("not reached\n"); }
BEGIN { y = copyin(16, 4); printf("not reached\n"); }
BEGIN { z = lltostr(10, 1); printf("not reached\n"); }
BEGIN { w = strtoll("10", 37); printf("not reached\n"); }
BEGIN { printf("%s\n", lltostr(10, 36)); exit(0); }

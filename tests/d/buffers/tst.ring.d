/*
 * bufpolicy=ring: only the newest bufsize bytes of records are printed,
 * when tracing stops (8-byte records as DTrace counts them, the enabled
 * probe id and an int; 24 bytes: the last three, the exit() record among
 * them); END follows.
 */
#pragma D option quiet
#pragma D option bufpolicy=ring
#pragma D option bufsize=24
BEGIN { printf("%d\n", 1); }
BEGIN { printf("%d\n", 2); }
BEGIN { printf("%d\n", 3); }
BEGIN { printf("%d\n", 4); }
BEGIN { printf("%d\n", 5); }
BEGIN { exit(0); }
END { printf("end\n"); }

/*
 * commit(): the speculated record is printed at the commit, after the
 * records written since; a clause with only commit() prints nothing.
 */
#pragma D option quiet
BEGIN { spec = speculation(); printf("id %d\n", spec); }
BEGIN { speculate(spec); printf("speculative %d\n", 1); }
BEGIN { printf("not speculative\n"); }
BEGIN { commit(spec); }
BEGIN { exit(0); }

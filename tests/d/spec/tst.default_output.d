/*
 * Without -q, each speculated record prints its own probe line when it
 * is committed; the commit() clause records nothing and prints none.
 */
BEGIN { a = speculation(); }
BEGIN { speculate(a); printf("spec"); }
BEGIN { commit(a); }
BEGIN { trace(1); exit(0); }

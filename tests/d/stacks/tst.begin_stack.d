/*
 * BEGIN and END fire in no kernel context of their own: their kernel
 * stack is empty, stackdepth 0 and caller 0, as in DTrace (not the
 * consumer's bpf() call that runs them).
 */
/* @@opts: -q */

BEGIN
{
	printf("[");
	stack();
	printf("] %d %d\n", stackdepth, caller);
	exit(0);
}

END
{
	printf("%d %d\n", stackdepth, caller);
}

/*
 * Actions chapter, tracemem(address, size, length): the third argument
 * is how many of the size bytes copied are displayed.
 */
/* @@opts: -q */
/* @@trigger: workload -n gacttd writehex 6162636465666768696a6b6c6d6e6f70 */

BEGIN
{
	printf("tracing\n");
}

syscall::write:entry
/execname == "gacttd"/
{
	tracemem(copyin(arg1, 16), 16, arg2 / 2);
	exit(0);
}

/*
 * Actions chapter, tracemem(): copies bytes from an address into the
 * buffer and prints them as a hex and character dump.
 */
/* @@opts: -q */
/* @@trigger: workload -n gacttm writehex 48656c6c6f2c20444f4d210a00010203 */

BEGIN
{
	printf("tracing\n");
}

syscall::write:entry
/execname == "gacttm"/
{
	tracemem(copyin(arg1, 16), 16);
	exit(0);
}

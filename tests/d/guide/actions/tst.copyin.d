/*
 * Actions and Subroutines chapter, copyin(): copy user bytes into
 * scratch memory and use them as a typed value.
 */
/* @@opts: -q */
/* @@trigger: workload -n gactci writehex 78563412 */

BEGIN
{
	printf("tracing\n");
}

syscall::write:entry
/execname == "gactci"/
{
	printf("0x%x\n", *(uint32_t *)copyin(arg1, 4));
	exit(0);
}

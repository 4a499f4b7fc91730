/*
 * Actions and Subroutines chapter, copyinstr(): the path argument of
 * open(2) is in user space; copyinstr() copies it into DTrace's memory.
 */
/* @@opts: -q */
/* @@trigger: workload -n gactcp open /etc/hostname */

BEGIN
{
	printf("tracing\n");
}

syscall::openat:entry
/execname == "gactcp"/
{
	printf("%s opened %s\n", execname, copyinstr(arg1));
	exit(0);
}

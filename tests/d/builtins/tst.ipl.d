/*
 * ipl: Linux has no interrupt priority levels, so every probe reads the
 * base level 0, an unsigned int, in BEGIN and in a system call alike.
 */
/* @@opts: -q */
/* @@trigger: workload -n bdt-ipl calls */

BEGIN
{
	printf("BEGIN ipl %u size %d unsigned %d\n", ipl, sizeof(ipl), ipl - 1 > 0);
}

syscall::getppid:entry
/execname == "bdt-ipl"/
{
	printf("syscall ipl %u\n", ipl);
	exit(ipl);
}

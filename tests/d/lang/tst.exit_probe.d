/*
 * The first exit() in a probe's firing wins: the clause after it, on
 * the same probe, is skipped and its exit() does not change the status.
 */
/* @@opts: -q */
/* @@exit: 2 */
/* @@trigger: workload -n exitwl calls */

syscall::getppid:entry
/execname == "exitwl"/
{
	printf("first\n");
	exit(2);
}

syscall::getppid:entry
/execname == "exitwl"/
{
	printf("second\n");
	exit(7);
}

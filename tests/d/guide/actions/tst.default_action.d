/*
 * Actions chapter: a clause with no actions takes the default action,
 * which records the probe: without -q, dtrace prints the CPU, the probe
 * id and FUNCTION:NAME (the CPU and id vary, so a filter masks them).
 */
/* @@trigger: workload -n gactdef write */

syscall::write:entry
/execname == "gactdef"/
{
}

syscall::write:entry
/execname == "gactdef"/
{
	exit(0);
}

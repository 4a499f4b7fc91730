/*
 * Scripting, macro arguments: a macro variable can stand for part of a
 * probe description, as in the Guide's syscall::$1:entry; here $1 is
 * "write" and the workload writes.
 */
/* @@opts: -q */
/* @@args: write guidemacro */
/* @@trigger: workload -n guidemacro write */

syscall::$1:entry
/execname == $$2/
{
	printf("%s %s\n", probefunc, execname);
	exit(0);
}

/*
 * Type and Constant Definitions, inlines: an inline can stand for any
 * expression, including built-in variables, and is re-evaluated where it
 * is used (the Guide's inline of a probe-dependent expression).
 */
/* @@opts: -q */
/* @@trigger: workload -n guideinline write */

inline int is_guide = execname == "guideinline";

syscall::write:entry
/is_guide/
{
	printf("%d %s\n", is_guide, execname);
	exit(0);
}

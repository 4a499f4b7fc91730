/*
 * Type and Constant Definitions, type namespaces: the backquote names a
 * type in a module's namespace (vmlinux on Linux), for a struct tag as
 * for a typedef name; sizeof (mod`name) takes the type when the scoped
 * name is one, as DTrace does.
 */
/* @@opts: -q */

BEGIN
{
	printf("%d\n", sizeof (struct vmlinux`task_struct) ==
	    sizeof (struct task_struct));
	printf("%d %d\n", sizeof (vmlinux`pid_t), sizeof (vmlinux`u64));
	exit(0);
}

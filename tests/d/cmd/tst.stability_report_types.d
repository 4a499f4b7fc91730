/*
 * -v: a statement that names a kernel type is Private/Private/Unknown,
 * as DTrace rates references to types D does not define; the clause's
 * own variables and D's types leave a program Stable.
 */
/* @@opts: -q -v */

dtrace:::BEGIN
{
	self->t = (struct task_struct *)curthread;
	x = (uint64_t)1;
}

dtrace:::BEGIN
/self->t->pid == pid/
{
	printf("%d\n", x);
	exit(0);
}

/* a member the kernel's struct task_struct does not have */
BEGIN
{
	trace(curthread->no_such_member);
}

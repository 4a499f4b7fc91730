/* D` looks only at the script's and D's own types, never the kernel's */
BEGIN
{
	trace(sizeof (struct D`task_struct));
}

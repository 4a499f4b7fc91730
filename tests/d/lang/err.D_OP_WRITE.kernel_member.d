/* A member reached from a built-in variable is kernel memory: read-only. */
BEGIN
{
	curthread->tgid = 0;
}

/* An element of a kernel array reached from curthread cannot be written. */
BEGIN
{
	curthread->comm[1]++;
}

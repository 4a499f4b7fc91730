/* pid is a built-in scalar variable, not a function */
BEGIN
{
	trace(pid());
	exit(0);
}

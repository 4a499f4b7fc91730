/* As in DTrace, a string is not a scalar: test it with != NULL, not ! */
BEGIN
{
	trace(!strstr("abc", "z"));
	exit(0);
}

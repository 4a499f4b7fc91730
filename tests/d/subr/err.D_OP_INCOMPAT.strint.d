/* A string compared with an integer other than NULL has no meaning. */
BEGIN
{
	trace(strstr("abc", "b") == 1);
	exit(0);
}

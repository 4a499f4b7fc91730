/* A string cannot be a predicate: strstr(...) != NULL is the test */
BEGIN
/strstr("abc", "b")/
{
	exit(0);
}

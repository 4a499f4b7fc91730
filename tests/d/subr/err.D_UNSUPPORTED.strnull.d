/*
 * A string compared with NULL: D allows it (strstr() and the like return
 * NULL when nothing matches), but their NULL is still "" here.
 */
BEGIN
{
	trace(strstr("abc", "z") == NULL);
	exit(0);
}

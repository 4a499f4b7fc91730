/*
 * Scripting, macro arguments: with the defaultargs option, a missing
 * argument is 0 as an integer and "" as a string.
 */
/* @@opts: -q -x defaultargs */

BEGIN
{
	printf("%d [%s]\n", $1, $$2);
	exit(0);
}

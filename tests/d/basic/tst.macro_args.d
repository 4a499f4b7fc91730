/*
 * Macro arguments after the script: $2 as an integer, $$1 as a string.
 */
/* @@opts: -q */
/* @@args: foo 42 */

BEGIN
{
	printf("%s %d\n", $$1, $2);
	printf("%d\n", $2 + 1);
	exit(0);
}

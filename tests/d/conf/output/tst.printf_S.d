/*
 * %S prints a string with its non-printing characters escaped as in C.
 */
/* @@opts: -q */

BEGIN
{
	printf("[%S]\n", "a\tb\nc\\d\"e");
	exit(0);
}

/*
 * The same without -q: the "CPU ID FUNCTION:NAME" heading, the record's
 * prefix, the newline closing the record and the one at the end; the
 * "matched" notice on stderr.  The CPU number varies, so the .sed
 * replaces it with X.
 */

BEGIN
{
	printf("hello, %s %d\n", "world", 42);
	exit(0);
}

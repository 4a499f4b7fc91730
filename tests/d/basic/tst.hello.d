/*
 * printf in BEGIN with -q: only the traced text, then the newline that
 * dtrace prints when tracing ends.
 */
/* @@opts: -q */

BEGIN
{
	printf("hello, %s %d\n", "world", 42);
	exit(0);
}

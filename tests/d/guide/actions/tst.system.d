/*
 * Actions chapter, destructive actions: system() runs a command (with
 * -w), its output interleaved with the trace output in order.
 */
/* @@opts: -q -w */

BEGIN
{
	printf("before\n");
	system("echo %s %d", "hello", 42);
	printf("after\n");
	exit(0);
}

/*
 * system(): the command is formatted as printf() formats, and its
 * output comes in order with the trace output around it.
 */
/* @@opts: -w -q */

BEGIN
{
	printf("before\n");
	system("echo %s %d", "hello", 42);
	printf("after\n");
	exit(0);
}

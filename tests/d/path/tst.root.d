/*
 * root is the path of the task's root directory: "/" for dtrace itself.
 */
/* @@opts: -q */

BEGIN
{
	printf("[%s]\n", root);
	exit(0);
}

/*
 * Pointers and Arrays chapter: two pointers cannot be added.
 */

BEGIN
{
	trace(curthread + curthread);
	exit(0);
}

/*
 * Variables chapter: a built-in variable's name cannot be declared
 * again.
 */

int timestamp;

BEGIN
{
	exit(0);
}

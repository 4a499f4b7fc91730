/*
 * Variables chapter: built-in variables are read-only.
 */

BEGIN
{
	timestamp = 1;
	exit(0);
}

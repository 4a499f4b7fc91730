/*
 * Variables chapter: a variable keeps the type of its first assignment;
 * assigning a string to an int variable is an error.
 */

BEGIN
{
	x = 1;
	x = "string";
	exit(0);
}

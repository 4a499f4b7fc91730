/*
 * Strings, string comparison: a string can only be compared with another
 * string (or a char array); comparing it with an integer is an error.
 */

BEGIN
{
	x = execname == 1;
}

/*
 * Operators chapter: dividing anything by the constant 0 is an error
 * (dividing by a variable that is zero is a run-time fault instead).
 */

BEGIN
{
	x = 10;
	trace(x / 0);
	exit(0);
}

/*
 * Operators chapter: a constant zero divisor is rejected at compile
 * time, in compound assignments too.
 */

BEGIN
{
	x = 10;
	x %= 0;
	exit(0);
}

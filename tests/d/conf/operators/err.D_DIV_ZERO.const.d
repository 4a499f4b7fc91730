/*
 * Operators chapter: a constant division by zero is found at compile
 * time.
 */

BEGIN
{
	trace(1 / 0);
	exit(0);
}

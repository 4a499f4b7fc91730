/*
 * Operators chapter: ++ needs a modifiable lvalue.
 */

BEGIN
{
	x = 1;
	(x + 1)++;
	exit(0);
}

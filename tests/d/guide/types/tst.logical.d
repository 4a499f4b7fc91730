/*
 * Types, Operators, and Expressions, logical operators: && and || short
 * circuit, ^^ is the logical exclusive or (it evaluates both operands),
 * and ! negates.
 */
/* @@opts: -q */

BEGIN
{
	a = 1;
	b = 0;
	printf("%d %d %d %d\n", a && b, a || b, a ^^ b, a ^^ a);
	printf("%d %d %d\n", !a, !b, !!5);
	n = 0;
	x = b && n++;
	y = a || n++;
	z = b ^^ n++;
	printf("%d %d %d %d\n", x, y, z, n);
	exit(0);
}

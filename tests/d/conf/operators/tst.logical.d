/*
 * Operators chapter, logical operators: && and || short-circuit (the
 * right side is not evaluated), ^^ is logical exclusive or and
 * evaluates both sides, ! negates.
 */
/* @@opts: -q */

BEGIN
{
	n = 0;
	r1 = 0 && n++;
	r2 = 1 || n++;
	r3 = 1 && n++;
	r4 = 0 || n++;
	printf("%d %d %d %d n=%d\n", r1, r2, r3, r4, n);
	printf("%d %d %d %d\n", 0 ^^ 0, 0 ^^ 5, 5 ^^ 0, 5 ^^ 5);
	printf("%d %d %d\n", !0, !7, !!7);
	exit(0);
}

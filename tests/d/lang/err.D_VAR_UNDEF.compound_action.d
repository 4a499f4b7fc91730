/*
 * x op= y looks at x first: an undeclared x is reported before the
 * action used as the right-hand operand.
 */
BEGIN
{
	total *= printf("%d", 1);
}

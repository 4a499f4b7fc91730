/*
 * Types, Operators, and Expressions, conditional expressions: the
 * Guide's "zero"/"non-zero" string choice, and its hexadecimal digit
 * conversion written with nested ?: operators.
 */
/* @@opts: -q */

BEGIN
{
	i = 0;
	x = i == 0 ? "zero" : "non-zero";
	printf("%s\n", x);
	i = 5;
	x = i == 0 ? "zero" : "non-zero";
	printf("%s\n", x);
	c = 'b';
	hexval = (c >= '0' && c <= '9') ? c - '0' :
	    (c >= 'a' && c <= 'z') ? c + 10 - 'a' : c + 10 - 'A';
	printf("%d\n", hexval);
	c = 'F';
	hexval = (c >= '0' && c <= '9') ? c - '0' :
	    (c >= 'a' && c <= 'z') ? c + 10 - 'a' : c + 10 - 'A';
	printf("%d\n", hexval);
	c = '7';
	hexval = (c >= '0' && c <= '9') ? c - '0' :
	    (c >= 'a' && c <= 'z') ? c + 10 - 'a' : c + 10 - 'A';
	printf("%d\n", hexval);
	exit(0);
}

/*
 * Integer arithmetic, bitwise, shift, comparison, logical and ternary
 * operators on int globals, with C's rules: division truncates toward
 * zero and the remainder takes the dividend's sign; ^^ is logical xor.
 */
/* @@opts: -q */

BEGIN
{
	a = 7;
	b = 3;
	e = -7;
	printf("%d %d %d %d %d\n", a + b, a - b, a * b, a / b, a % b);
	printf("%d %d %d\n", a << 2, a >> 1, -a);
	printf("%d %d %d %d\n", a & b, a | b, a ^ b, ~a);
	printf("%d %d %d %d %d %d\n", a < b, a <= b, a > b, a >= b, a == b,
	    a != b);
	printf("%d %d %d %d %d\n", a && 0, a || 0, !a, a ^^ b, a ^^ 0);
	printf("%d %d\n", a > b ? 100 : 200, a < b ? 100 : 200);
	printf("%d %d %d %d\n", e / 2, e % 2, e < 0, e >> 1);
	printf("%d\n", (a + b) * (a - b) / 2);
	c = a;
	c += 5;
	c -= 2;
	c *= 3;
	c /= 2;
	c %= 7;
	printf("%d\n", c);
	d = 1;
	d++;
	++d;
	d--;
	f = d++;
	g = ++d;
	printf("%d %d %d\n", f, g, d);
	exit(0);
}

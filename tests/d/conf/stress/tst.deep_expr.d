/*
 * Verifier stress: a deeply nested arithmetic expression with many
 * live temporaries (more than the free registers) and calls inside it.
 */
/* @@opts: -q */

BEGIN
{
	a = 1; b = 2; c = 3; d = 4; e = 5; f = 6; g = 7; h = 8;
	x = (a + (b * (c + (d * (e + (f * (g + h))))))) +
	    ((a * b) + ((c * d) + ((e * f) + ((g * h) + (a + b))))) -
	    (((((a + b) * c) + d) * e) + f) / (g - a) +
	    (strlen("abc") + (a ? b : c) * (d > e ? f : g)) +
	    ((a << 3) | (b << 2) | (c & 1) ^ (h >> 1));
	printf("%d\n", x);
	y = a + b + c + d + e + f + g + h + a * b * c * d + e * f * g * h +
	    (a - b) * (c - d) * (e - f) * (g - h);
	printf("%d\n", y);
	exit(0);
}

/*
 * Operators chapter, the conditional operator: ?: picks one of two
 * expressions; only the chosen one is evaluated; both arms may be
 * strings.  The Guide's hexadecimal-digit example.
 */
/* @@opts: -q */

BEGIN
{
	n = 0;
	r = 1 ? 10 : n++;
	printf("%d %d\n", r, n);
	c = 'b';
	x = c >= '0' && c <= '9' ? c - '0' :
	    c >= 'a' && c <= 'z' ? c + 10 - 'a' : c + 10 - 'A';
	printf("%d\n", x);
	s = n == 0 ? "zero" : "nonzero";
	printf("%s\n", s);
	printf("%s\n", n != 0 ? "yes" : "no");
	exit(0);
}

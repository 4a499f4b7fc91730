/*
 * Operators chapter, relational operators: results are int 1 or 0;
 * signed and unsigned comparisons follow the usual conversions; strings
 * compare lexically.
 */
/* @@opts: -q */

BEGIN
{
	a = -1;
	b = 1;
	printf("%d %d %d %d %d %d\n", a < b, a <= b, a > b, a >= b, a == b,
	    a != b);
	printf("%d\n", (unsigned int)a > b);
	printf("%d %d %d\n", "abc" < "abd", "abc" == "abc", "b" > "abc");
	printf("%d %d\n", "" < "a", "abc" != "ABC");
	printf("%d\n", sizeof (a < b));
	exit(0);
}

/*
 * Strings chapter, string comparison: the relational operators
 * compare strings byte by byte, as strcmp() does; a string may be
 * compared with a string variable or a built-in.
 */
/* @@opts: -q */

BEGIN
{
	a = "apple";
	b = "banana";
	c = "apple";
	printf("%d %d %d %d %d %d\n", a < b, a <= b, a > b, a >= b,
	    a == c, a != c);
	printf("%d %d\n", a == "apple", "apple" == a);
	printf("%d %d\n", "abc" < "abcd", "abcd" < "abc");
	printf("%d\n", execname == "dtrace");
	printf("%s\n", a < b ? "less" : "notless");
	exit(0);
}

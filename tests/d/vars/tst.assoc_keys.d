/*
 * Associative arrays keyed by tuples of strings and integers: distinct
 * tuples are distinct elements, integer keys of different types that
 * hold the same value are the same key, absent elements read as 0 (NULL
 * for strings).
 */
/* @@opts: -q */

BEGIN
{
	a["foo", 1] = 10;
	a["foo", 2] = 20;
	a["bar", 1] = 30;
	a["foo", 1L] += 5;
	k = "bar";
	printf("%d %d %d %d\n", a["foo", 1], a["foo", 2], a[k, 1], a["baz", 1]);
	n[1] = "one";
	n[2] = "two";
	printf("%s %s %d\n", n[1], n[2], n[3] == NULL);
	s[execname] = 1;
	printf("%d %d\n", s["dtrace"], s["other"]);
	exit(0);
}

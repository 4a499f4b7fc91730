/*
 * Variables chapter, associative arrays: any number of keys of any
 * type, the key signature fixed by the first use; reading an element
 * never assigned gives zero (NULL for a string, as in DTrace); the
 * Guide's a[123, "hello"] example.
 */
/* @@opts: -q */

BEGIN
{
	a[123, "hello"] = 456;
	a[123, "world"] = 789;
	b["k"] = "value";
	printf("%d %d %d\n", a[123, "hello"], a[123, "world"], a[1, "x"]);
	printf("%s %d\n", b["k"], b["none"] == NULL);
	c[1] = 1;
	c[2] = c[1] + 1;
	c[3] = c[2] + c[1];
	printf("%d %d %d\n", c[1], c[2], c[3]);
	exit(0);
}

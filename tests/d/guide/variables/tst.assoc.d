/*
 * Variables, associative arrays: the Guide's a[123, "hello"] = 456 and
 * a[123, "world"] = 789; the key tuple fixes the array's signature at its
 * first use, and an unset element reads as zero.
 */
/* @@opts: -q */

BEGIN
{
	a[123, "hello"] = 456;
	a[123, "world"] = 789;
	printf("%d %d %d\n", a[123, "hello"], a[123, "world"],
	    a[124, "hello"]);
	exit(0);
}

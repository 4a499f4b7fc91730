/*
 * Strings chapter: strings as associative array keys and values and as
 * aggregation keys compare by content.
 */
/* @@opts: -q */

BEGIN
{
	k = "key";
	a[k] = 1;
	a["key"] += 1;
	@c["x"] = count();
	@c["x"] = count();
	printf("%d\n", a["key"]);
	printa("%s %@d\n", @c);
	exit(0);
}

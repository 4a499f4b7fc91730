/*
 * Variables, associative arrays: keys and values may be strings; each
 * element is independent and unset elements read as NULL (or zero).
 */
/* @@opts: -q */

BEGIN
{
	name["read"] = "input";
	name["write"] = "output";
	count["read"] = 2;
	count["write"] = 1;
	printf("%s %s %d\n", name["read"], name["write"], name["open"] == NULL);
	printf("%d %d %d\n", count["read"], count["write"], count["open"]);
	exit(0);
}

/*
 * index() and rindex(): the first (last) occurrence, from a start index,
 * and the edges (empty strings, starts out of range).
 */
#pragma D option quiet

BEGIN
{
	x = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@#abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@#";
	y = "abcdefghijklmnopqrstuvwxyz";
	printf("%d %d %d %d %d %d\n", index(x, y), index(x, y, -1),
	    index(x, y, 0), index(x, y, 1), index(x, y, 100), index(x, y, 200));
	printf("%d %d %d %d\n", rindex(x, y), rindex(x, y, 63),
	    rindex(x, y, 64), rindex(x, y, -1));
}

BEGIN
{
	printf("%d %d %d %d\n", index("", "klm"), index("klm", ""),
	    rindex("", "klm"), rindex("klm", ""));
	printf("%d %d %d\n", index("aaaa", "aa"), rindex("aaaa", "aa"),
	    index("aaaa", "aa", 1));
	printf("%d %d\n", index("abababc", "ababc"), rindex("hello", "l"));
	exit(0);
}

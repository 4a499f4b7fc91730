/*
 * Aggregation keys and values, associative array keys and their
 * stored values, each a deep expression of strings and calls: the keys
 * computed first wait on the stack while the later ones run.
 */
/* @@opts: -q */

BEGIN
{
	s = "abcdefghijklmnopqrstuvwxyz";
	x = 1; y = 2; z = 3;

	@[strjoin(substr(s, x + (y + z), 3), strjoin("-", toupper(substr(s,
	    index(s, "k") + (x * (y + z)), 4)))),
	    x + (y * (z + (x * (y + (z * strlen(strjoin(s, "!"))))))),
	    substr(strjoin(s, s), strlen(s) - (x + (y + (z + (x + y)))),
	    strlen(substr(s, 20)) + (x - (y - z)))] =
	    sum(x + (y + (z + (x + (y + (z + (x + (y + strlen(s)))))))));
	@[strjoin(substr(s, x + (y + z), 3), strjoin("-", toupper(substr(s,
	    index(s, "k") + (x * (y + z)), 4)))),
	    x + (y * (z + (x * (y + (z * strlen(strjoin(s, "!"))))))),
	    substr(strjoin(s, s), strlen(s) - (x + (y + (z + (x + y)))),
	    strlen(substr(s, 20)) + (x - (y - z)))] =
	    sum(strlen(strjoin(strjoin(s, s), strjoin(s, s))));
	@m[x + (y + (z + (x + (y + (z + (x + (y + (z + x)))))))),
	    strjoin(lltostr(x + (y * (z + (x * (y + z))))), "x")] =
	    max(index(strjoin(s, s), substr(s, y + (z * (x + (y + z))), 2)));

	a[strjoin(s, "1"), x + (y + (z + (x + (y + (z + strlen(s))))))] =
	    strjoin(substr(s, x + (y * (z + (x + y))), 3), strjoin("/",
	    substr(s, strlen(s) - (x + (y + (z + x))), 3)));
	printf("%s\n", a[strjoin(s, "1"), x + (y + (z + (x + (y + (z +
	    strlen(s))))))]);
	printa("%s %d %s %@d\n", @);
	printa("%d %s %@d\n", @m);
	exit(0);
}

/*
 * Subroutine calls nested in each other's arguments, each argument a
 * deep expression of its own: the arguments already computed wait on
 * the stack while the next one runs its calls and loops.
 */
/* @@opts: -q */

BEGIN
{
	s = "abcdefghijklmnopqrstuvwxyz";
	x = 1; y = 2; z = 3;

	/* ten strjoin()s, each waiting for the next */
	printf("%s\n", strjoin("a", strjoin("b", strjoin("c", strjoin("d",
	    strjoin("e", strjoin("f", strjoin("g", strjoin("h",
	    strjoin("i", strjoin("j", "k")))))))))));
	/* three arguments, each computed by calls and arithmetic */
	printf("%s\n", substr(strjoin(substr(s, x + (strlen(s) - 24), 5),
	    substr(s, index(s, "m"), strlen(substr(s, 20)))),
	    index(strjoin(s, s), "c") - (y * (z - x)),
	    strlen(strjoin("x", strjoin("y", "z"))) + (x + (y + (z + (x +
	    (y + z)))))));
	/* strstr() of toupper() of ?: of strstr(), compared as a string */
	printf("%d\n", "g" >= (strstr(probename, toupper((strstr(s, "klm") !=
	    NULL ? "gin" : "xyz"))) != NULL ? "found" : "none"));
	/* integer subroutines in arithmetic in their own arguments */
	printf("%d\n", strlen(s) + (index(s, "q") * (rindex(strjoin(s, s),
	    substr(s, strlen(s) - (x + (y + z)), 2)) + (strlen(lltostr(
	    strlen(s) * (x + (y * (z + index(s, "e"))))))))));
	/* the same call at every level of an expression */
	printf("%d\n", strlen(s) + (strlen(strjoin(s, "1")) +
	    (strlen(strjoin(s, "12")) + (strlen(strjoin(s, "123")) +
	    (strlen(strjoin(s, "1234")) + (strlen(strjoin(s, "12345")) +
	    (strlen(strjoin(s, "123456")) + (strlen(strjoin(s, "1234567")) +
	    strlen(strjoin(s, "12345678"))))))))));
	exit(0);
}

/*
 * Several loops in one clause, loops in the arguments of loops, a
 * search that leaves its loop for a label after it (strtok's "no more
 * tokens") and live registers carried into loop bodies: the same
 * output whether loops head with may_goto or are bpf_loop() callbacks
 * (tst.nomaygoto.sh runs this again with -x nomaygoto).
 */
/* @@opts: -q */

BEGIN
{
	x = 40;
	printf("%d %s %d\n", x + 1, strjoin(toupper("ab"), tolower("CD")),
	    x + 2);
	printf("%s|%s|%d\n", strtok("a,b", ","), strtok(NULL, ","),
	    strtok(NULL, ",") == NULL);
	printf("%d %d %s\n", index(toupper("xhello"), "LL"),
	    rindex("abcabc", basename("/x/bc")), strstr("foobar", "ob"));
	printf("%s %s\n", dirname(cleanpath("/a/./b/../c/d")),
	    lltostr(strtoll("-1234") * 2));
	exit(0);
}

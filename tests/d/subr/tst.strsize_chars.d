/*
 * strsize counts characters, as DTrace for Linux does: with strsize=5 a
 * string holds five of them (and its NUL), so strjoin(), substr(),
 * lltostr() and a constant are cut to five, strlen() says at most five,
 * and sizeof (string) is strsize.  A void * argument takes a string
 * (bcopy's source).
 */
/* @@opts: -q -x strsize=5 */

BEGIN
{
	printf("[%s] [%s] [%s] [%s]\n", strjoin("dtrace", "BEGIN"),
	    substr("123456789", 2), lltostr(-1234567), "abcdefgh");
	printf("%d %d\n", strlen("123456789"), sizeof (string));
	p = (char *)alloca(6);
	bcopy("xyz", p, 4);
	printf("%s\n", stringof(p));
	exit(0);
}

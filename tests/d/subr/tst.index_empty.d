/*
 * index() and rindex() of an empty substring keep Perl's answers, as
 * DTrace does: index() from past the end finds it at the length,
 * rindex() from a negative start at 0, and both at 0 in an empty
 * string whatever the start.  A non-empty one is not found there.
 */
#pragma D option quiet

BEGIN
{
	s = "abcab";
	printf("%d %d %d\n", index(s, "", 9), index(s, "", 5), index(s, "", -3));
	printf("%d %d %d\n", rindex(s, "", -1), rindex(s, "", 2),
	    rindex(s, "", 40));
	printf("%d %d\n", index("", "", 3), rindex("", "", -7));
	printf("%d %d %d\n", index(s, "b", 9), rindex(s, "b", -1),
	    rindex(s, "ab", 40));
	exit(0);
}

/*
 * BEGIN and END are fired by the consumer itself: they have no kernel
 * stack of their own (the system call that runs them is not theirs), so
 * stack() shows no frame, stackdepth and caller are 0, as in DTrace for
 * Linux; a stack() key prints as an empty stack through printa("%k").
 */
/* @@opts: -q */

BEGIN
{
	stack();
	printf("[%d %d]\n", stackdepth, caller);
	@[stack()] = count();
	printa("<%k>\n", @);
	exit(0);
}

END
{
	printf("[%d]\n", stackdepth);
}

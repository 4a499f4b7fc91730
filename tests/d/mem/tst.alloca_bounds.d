/*
 * A store through a pointer must land in memory the clause alloca()ed:
 * within an allocation it works, a byte past it faults "invalid address"
 * even though other scratch follows (DTrace for Linux checks alloca
 * pointers so), and bcopy() into it is held to the same bound: one
 * that starts inside but runs past the end faults "invalid size"
 * (DTRACEFLT_BADSIZE, with the size), one that starts past the end
 * "invalid address".  A bcopy() source in alloca()'d memory and a
 * load through an alloca pointer (*p, p[i], p->m, (*p).m) are held to
 * its bounds the same way.
 */
#pragma D option quiet

struct rec {
	long a;
	long b;
	int c;
	int d;
};

BEGIN
{
	x = (int *)alloca(2 * sizeof (int));
	*(x + 1) = 7;
	y = (char *)alloca(3);
	y[2] = 'a';
	printf("%d %c\n", x[1], y[2]);
}

BEGIN
{
	x = (int *)alloca(sizeof (int));
	*(x + 2) = 3;
	printf("not reached\n");
}

BEGIN
{
	y = (char *)alloca(4);
	bcopy("abcdefgh", y, 8);
	printf("not reached\n");
}

BEGIN
{
	y = (char *)alloca(4);
	bcopy("abcdefgh", &y[4], 1);
	printf("not reached\n");
}

BEGIN
{
	d = (char *)alloca(20);
	s = (char *)alloca(10);
	bcopy(s, d, 20);	/* reads past the source's end */
	printf("not reached\n");
}

BEGIN
{
	s = (char *)alloca(15);
	trace(s[15]);		/* a load past the end */
	printf("not reached\n");
}

BEGIN
{
	p = (struct rec *)alloca(sizeof (struct rec));
	p->b = 42;
	(*p).d = 7;
	printf("%d %d\n", (*p).b, p->d);
}

BEGIN
{
	p = (struct rec *)alloca(8);
	trace(p->b);		/* a member past the end */
	printf("not reached\n");
}

BEGIN
{
	p = (struct rec *)alloca(8);
	trace((*p).c);
	printf("not reached\n");
}

BEGIN
{
	p = (struct rec *)alloca(18);
	trace(p->c);		/* starts inside, ends past it */
	printf("not reached\n");
}

BEGIN
{
	exit(0);
}

ERROR
{
	printf("fault %d in clause %d%s\n", arg4, arg2,
	    arg4 == DTRACEFLT_BADSIZE ? " (invalid size)" : "");
}

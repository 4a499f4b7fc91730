/*
 * A member read through a pointer to alloca()'d memory (p->m, (*p).m)
 * is held to the clause's allocations as *p and p[i] are: a member
 * inside reads what was stored, one wholly past the end faults "invalid
 * address", one that starts inside and runs past it "invalid size".
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
	p = (struct rec *)alloca(sizeof (struct rec));
	p->b = 42;
	(*p).d = 7;
	printf("%d %d\n", (*p).b, p->d);
}

BEGIN
{
	p = (struct rec *)alloca(8);
	trace(p->b);
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
	trace(p->c);
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

/*
 * A pointer into the script's own globals (the address of a member or
 * element) may be written through, as dtrace_canstore accepts D variable
 * storage; the address of a variable itself is D_ADDROF_VAR.
 */
#pragma D option quiet

struct pt { int x; int a[4]; };
struct pt g;

BEGIN
{
	p = &g.x;
	*p = 5;
	q = &g.a[1];
	q[2] = 9;
	q[0] = 4;
	*q += 1;
	printf("%d %d %d\n", g.x, g.a[1], g.a[3]);
	exit(0);
}

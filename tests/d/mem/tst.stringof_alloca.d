/*
 * stringof() of alloca()'d memory holding no NUL: the string ends with
 * the allocation (the scratch after it is other data, such as the
 * string being made), for allocations of constant and of run-time
 * sizes; a NUL inside still ends it first.
 */
#pragma D option quiet

BEGIN
{
	n = 5;
	a = (char *)alloca(8);
	b = (char *)alloca(4);
	c = (char *)alloca(n);
	a[0] = 'A'; a[1] = 'B'; a[2] = 'C'; a[3] = 'D';
	a[4] = 'E'; a[5] = 'F'; a[6] = 'G'; a[7] = 'H';
	b[0] = 'w'; b[1] = 'x'; b[2] = 0; b[3] = 'z';
	c[0] = 'v'; c[1] = 'w'; c[2] = 'x'; c[3] = 'y'; c[4] = 'z';
	printf("'%s' '%s' '%s'\n", stringof(a), stringof(b), stringof(c));
	printf("'%s' '%s'\n", stringof(a + 5), stringof(&c[3]));
	exit(0);
}

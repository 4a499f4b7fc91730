/*
 * alloca(0) takes no scratch, as DTrace's: it returns where the next
 * allocation starts (for constant sizes and for run-time ones alike).
 */
#pragma D option quiet

BEGIN
{
	a = (char *)alloca(0);
	b = (char *)alloca(0);
	c = (char *)alloca(3);
	c[0] = 'x';
	zero = 0;
	d = (char *)alloca(zero);
	e = (char *)alloca(zero);
	f = (char *)alloca(zero + 5);
	f[0] = 'y';
	printf("%d %d %c %d %d %c\n", a == b, b == c, *a, d == e, e == f, *d);
	exit(0);
}

/*
 * An int operator's result that overflows 32 bits is C's int wherever
 * it leaves its expression as a 64-bit value: as an action's or a
 * subroutine's argument, an aggregation's key, a predicate or an
 * index.  An unsigned int's wraps.  Within the expression the
 * intermediate keeps its 64 bits, and a constant expression keeps them
 * where it leaves too.  The value an aggregating function adds up keeps
 * its 64 bits as in DTrace (aggs/tst.arg_width.d).
 */
/* @@opts: -q */

int a, b;
unsigned int u;

BEGIN
{
	a = 0x40000000;
	b = 1;
	u = 0xffffffff;
	printf("%d %d %x\n", a + a, u + u, u + u);
	trace(a + a);
	trace(" ");
	trace(u + u);
	trace("\n");
	printf("%s %s\n", lltostr(a + a), lltostr(u + u));
	printf("[%s]\n", substr("abcdef", (a << 2) + 2, (a << 2) + 3));
	x[a + a] = 1;
	printf("%d %d\n", x[-2147483647 - 1], x[a * 2]);
	printf("%d\n", (b << 32) ? 1 : 0);
	printf("%d\n", ((a + a) / 2 == a) + (a * 4 / 4 == a));
	printf("%s\n", lltostr(1 << 40));
	@s = sum((a + a) / 2);
	@m = max(u + u);
	@k[a + a, u + u] = count();
	@c[(long long)a << 2] = count();
}

BEGIN
/a << 2/
{
	printf("not narrowed\n");
}

BEGIN
{
	printa("%@d\n", @s);
	printa("%@d\n", @m);
	printa("%d %d %@d\n", @k);
	printa("%x %@d\n", @c);
	exit(0);
}

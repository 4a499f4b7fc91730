/*
 * An array converts to its address in a cast: to a pointer of another
 * element type or to an integer, which also reaches past the declared
 * bound (the cast says the script knows better).
 */
#pragma D option quiet

int a[4];
struct two { int first[1]; int second; } t;

BEGIN
{
	a[0] = 0x01020304;
	a[2] = 7;
	p = (int *)a;
	c = (uchar_t *)a;
	t.second = 99;
	printf("%d %d %x\n", p[2], ((int *)a)[2], c[0]);
	printf("%d\n", (uintptr_t)a == (uintptr_t)&a[0]);
	printf("%d\n", ((int *)t.first)[1]);
	exit(0);
}

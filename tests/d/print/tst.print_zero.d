/*
 * print() of an all-zero struct: zero members are left out, but arrays
 * (even empty-looking ones) and enums are shown, as DTrace shows them.
 */
/* @@trigger: workload -n memtest -c 1 writehex 000000000000000000000000000000000000000000000000 */

#pragma D option quiet

enum eh { FIRSTVAL, SECONDVAL };

struct zs {
	int a;
	char b[5];
	long c;
	enum eh h;
};

syscall::write:entry
/execname == "memtest"/
{
	print((struct zs *)copyin(arg1, sizeof (struct zs)));
	exit(0);
}

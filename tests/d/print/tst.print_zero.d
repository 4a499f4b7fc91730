/*
 * print() of an all-zero struct: every zero member is left out, arrays
 * and enums too (Oracle's dt_print_visit skips any member whose bytes
 * are all zero before it looks at its type).
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

/*
 * print() of a struct with a long double member shows it as DTrace's
 * dt_print_float does, with %+.16LE.  The workload writes -2.25 at
 * offset 16.
 */
/* @@opts: -q */
/* @@trigger: workload -n ldprint -c 1 writehex 00000000000000c0ff3f000000000000000000000000009000c000000000000005db29f9c21d74db4c41000000000000 */

struct lp {
	int tag;
	long double val;
};

syscall::write:entry
/execname == "ldprint"/
{
	print((struct lp *)copyin(arg1, 32));
	exit(0);
}

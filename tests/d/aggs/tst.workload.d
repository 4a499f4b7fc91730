/*
 * Aggregations in a probe other than BEGIN: the workload's one-byte
 * writes, as an lquantize() and a count by system call, printed with
 * printa() in END and the rest at exit.
 */
/* @@opts: -q */
/* @@trigger: workload -n aggwl write */

BEGIN
{
	n = 0;
}

syscall::write:entry
/execname == "aggwl" && n < 4/
{
	@q[probefunc] = lquantize(arg2, 0, 100, 10);
	@n[probefunc] = count();
	n++;
}

syscall::write:entry
/n == 4/
{
	exit(0);
}

END
{
	printa("%s %@d\n", @n);
}

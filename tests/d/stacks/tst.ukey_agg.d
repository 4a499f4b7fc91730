/*
 * usym(), uaddr(), ufunc() and umod() as aggregation keys record the
 * process id with the address (as DTrace's DTRACEACT_USYM ... records
 * do), so the listing at exit names them in the process that fired,
 * without -c or -p.  The workload's system call is made from wl_leaf(),
 * called by wl_mid(): ucaller is in wl_mid().  Offsets depend on the
 * compiler, so the .sed file replaces them.
 */
/* @@opts: -q */
/* @@trigger: workload -n bdt-ukey calls */

syscall::getppid:entry
/execname == "bdt-ukey"/
{
	@s[usym(ucaller)] = count();
	@a[uaddr(ucaller)] = count();
	@f[ufunc(ucaller)] = count();
	@m[umod(ucaller), 1] = count();
	@u[ustack(2), uaddr(ucaller)] = count();
	exit(0);
}

END
{
	printa("%A|%@d\n", @s);
	printa("[%A] %@d\n", @a);
}

/*
 * usym(), ufunc(), umod() and uaddr() as statements are actions, as in
 * DTrace: each records its address and prints it as trace() of it does
 * (a symbol, a module or an address with offset, as "  %-50s").  The
 * workload's system call is made from wl_leaf(), called by wl_mid().
 */
/* @@opts: -q */
/* @@trigger: workload -n bdt-usymact calls */

syscall::getppid:entry
/execname == "bdt-usymact"/
{
	usym(ucaller);
	printf("|\n");
	ufunc(ucaller);
	printf("|\n");
	umod(ucaller);
	printf("|\n");
	uaddr(ucaller);
	printf("|\n");
	exit(0);
}

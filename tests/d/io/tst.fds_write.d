/*
 * fds[arg0] on write(2): the file the workload writes to (/dev/null,
 * opened write-only), and stdin, which the test runner makes /dev/null.
 */
/* @@opts: -q */
/* @@trigger: workload -n fdswl write */

syscall::write:entry
/execname == "fdswl"/
{
	printf("%d %s %s %s\n", arg0 > 2, fds[arg0].fi_name,
	    fds[arg0].fi_dirname, fds[arg0].fi_pathname);
	printf("%d %s\n", fds[arg0].fi_oflags & 3, fds[0].fi_pathname);
	exit(0);
}

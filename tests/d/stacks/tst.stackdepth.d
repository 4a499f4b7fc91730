/*
 * stackdepth and ustackdepth count the frames of the whole kernel and
 * user stacks.  The system call is made three calls deep in the workload
 * (wl_top, wl_mid, wl_leaf) under main, so the user stack has more than
 * three frames; the kernel's depends on the kernel, but is not empty.
 */
/* @@opts: -q */
/* @@trigger: workload -n bdt-depth calls */

syscall::getppid:entry
/execname == "bdt-depth"/
{
	printf("%d %d\n", stackdepth > 0, ustackdepth > 3);
	exit(0);
}

/*
 * stackdepth and ustackdepth count no more than maxframes frames, as
 * DTrace for Linux reads no more: the user stack here is at least four
 * deep (wl_top, wl_mid, wl_leaf under main).
 */
/* @@opts: -q -x maxframes=2 */
/* @@trigger: workload -n bdt-depth calls */

syscall::getppid:entry
/execname == "bdt-depth"/
{
	printf("%d %d\n", ustackdepth, stackdepth <= 2);
	exit(0);
}

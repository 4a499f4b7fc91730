/*
 * jstack() is ustack() with jstackframes frames by default (50; there
 * is no helper naming a virtual machine's frames on Linux): jstack(n)
 * and the option bound the frames, and it can be an aggregation key
 * printed with printa("%k").
 */
/* @@opts: -q -x jstackframes=2 */
/* @@trigger: workload -n bdt-jstack calls */

syscall::getppid:entry
/execname == "bdt-jstack"/
{
	jstack();
	jstack(1);
	@[jstack(3, 100)] = count();
	printa("[%k]\n", @);
	exit(0);
}

/*
 * Two different stacks never share an id: with -x stackhashbits=0 every
 * stack's hash is 0, so the 4 user stacks here (of one depth, 8 frames)
 * all collide, and each finds its frames under the next hash value (the
 * side map compared frame by frame).  Each comes out on its own, counted
 * once: merged, one would show a count of 2 or more.
 */
/* @@opts: -q -x stackhashbits=0 */
/* @@trigger: workload -n bdt-stkcol -i 0 -c 4 recurse */

BEGIN
{
	printf("tracing\n");
}

syscall::getppid:entry
/execname == "bdt-stkcol"/
{
	@[ustack(8)] = count();
	n++;
}

syscall::getppid:entry
/n == 4/
{
	exit(0);
}

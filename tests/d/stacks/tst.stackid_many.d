/*
 * Stacks as aggregation keys are kept by id, their frames once in a side
 * map: 16 user stacks of the same depth (8 frames) that differ in one
 * frame or more each come out as 16 keys, none merged with another, each
 * counted twice (the workload takes them in turn, twice over).
 */
/* @@opts: -q */
/* @@trigger: workload -n bdt-stkid -i 0 -c 32 recurse */

BEGIN
{
	printf("tracing\n");
}

syscall::getppid:entry
/execname == "bdt-stkid"/
{
	@[ustack(8)] = count();
	n++;
}

syscall::getppid:entry
/n == 32/
{
	exit(0);
}

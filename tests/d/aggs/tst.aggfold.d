/*
 * -x aggfold: aggregations keyed by stacks print as folded stacks, one
 * line each for flame graph tools: the other keys first (the program's
 * name as the root), then the user stack and the kernel stack on top,
 * each from its root to its leaf, frames without offsets, then the
 * value; printa() without a format prints them so too, with no blank
 * line; an aggregation without a stack key prints as usual.
 */
/* @@opts: -q -x aggfold */
/* @@trigger: workload -n bdt-fold calls */

syscall::getppid:entry
/execname == "bdt-fold"/
{
	@s[execname, 7, ustack(3), stack(1)] = sum(5);
	@u[ustack(2)] = count();
	@c[execname] = count();
	printa(@u);
	exit(0);
}

#!/usr/bin/env -S dtrace -s
/*
 * offcputime.d: where threads block, and for how long, as folded stacks.
 *
 * Usage: offcputime.d [SECONDS]
 *	SECONDS	stop after that long (default: at Ctrl-C)
 *
 * The time each thread spends off CPU (from sched:::off-cpu to its next
 * sched:::on-cpu), summed by program name, user stack and kernel stack,
 * in microseconds, printed as folded stacks (-x aggfold) for a flame
 * graph: offcputime.d 10 > out.folded; flamegraph.pl out.folded.
 * With -c or -p, only that process's threads.
 */
#pragma D option quiet
#pragma D option defaultargs
#pragma D option aggfold

sched:::off-cpu
/$target == 0 || pid == $target/
{
	self->off = timestamp;
}

sched:::on-cpu
/self->off/
{
	@us[execname, ustack(), stack()] = sum((timestamp - self->off) / 1000);
	self->off = 0;
}

tick-1s
/$1 && ++n >= $1/
{
	exit(0);
}

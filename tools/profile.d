#!/usr/bin/env -S dtrace -s
/*
 * profile.d: CPU profile by sampling stacks, as folded stacks.
 *
 * Usage: profile.d [SECONDS]
 *	SECONDS	stop after that long (default: at Ctrl-C)
 *
 * Samples every CPU 99 times a second (profile-99), counting the
 * program name, user stack and kernel stack on CPU, and prints them as
 * folded stacks (-x aggfold), the input of flame graph tools:
 *	profile.d 10 > out.folded; flamegraph.pl out.folded > cpu.svg
 * With -c or -p, only that process's samples.
 */
#pragma D option quiet
#pragma D option defaultargs
#pragma D option aggfold

profile-99
/$target == 0 || pid == $target/
{
	@[execname, ustack(), stack()] = count();
}

tick-1s
/$1 && ++n >= $1/
{
	exit(0);
}

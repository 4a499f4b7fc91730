/*
 * The runner starts a trigger only once dtrace is tracing: a one-shot
 * workload (three opens, then pause) must be seen whole, although the
 * "matched 722 probes" notice comes well before the probes are attached
 * and nothing is printed in BEGIN.  Not quiet, so the notice is there.
 */
/* @@trigger: workload -n bdtrdy -i 0 -c 3 open /dev/null */
/* @@timeout: 10 */

syscall:::entry,
syscall:::return
/execname == "bdtrdy" && probefunc == "openat" && probename == "entry"/
{
	n++;
}

syscall::openat:return
/execname == "bdtrdy" && n == 3/
{
	exit(0);
}

END
{
	printf("%d opens\n", n);
}

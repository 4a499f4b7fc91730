#!/usr/bin/env -S dtrace -s
/*
 * runqlat.d: run queue latency, the time threads wait for a CPU.
 *
 * Usage: runqlat.d [SECONDS]
 *	SECONDS	stop after that long (default: at Ctrl-C)
 *
 * From the moment a thread is woken up (sched:::wakeup) to the moment
 * it runs (sched:::on-cpu), in microseconds, as a power-of-two
 * histogram.  With -c or -p, only that process's threads.  (Threads
 * preempted while runnable wait too but are not woken: they are left
 * out, as they are from the classic tool.)
 */
#pragma D option quiet
#pragma D option defaultargs

sched:::wakeup
/$target == 0 || args[1]->pr_pid == $target/
{
	woken[args[0]->pr_lwpid] = timestamp;
}

sched:::on-cpu
/woken[tid]/
{
	@["run queue latency (us)"] = quantize((timestamp - woken[tid]) / 1000);
	woken[tid] = 0;
}

tick-1s
/$1 && ++n >= $1/
{
	exit(0);
}

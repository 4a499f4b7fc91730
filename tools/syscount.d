#!/usr/bin/env -S dtrace -s
/*
 * syscount.d: system calls counted by name, or by process.
 *
 * Usage: syscount.d [call|proc] [SECONDS]
 *	call	count by system call (the default)
 *	proc	count by process: its name and pid
 *	SECONDS	stop after that long (default: at Ctrl-C)
 *
 * At the end, the counts, the largest last.  With -c or -p, only that
 * process's calls: syscount.d -c 'ls -l'.
 */
#pragma D option quiet
#pragma D option defaultargs

syscall:::entry
/$$1 != "proc" && ($target == 0 || pid == $target)/
{
	@calls[probefunc] = count();
}

syscall:::entry
/$$1 == "proc" && ($target == 0 || pid == $target)/
{
	@procs[execname, pid] = count();
}

tick-1s
/$2 && ++n >= $2/
{
	exit(0);
}

END
/$$1 != "proc"/
{
	printf("%-22s %10s\n", "SYSCALL", "COUNT");
	printa("%-22s %@10d\n", @calls);
}

END
/$$1 == "proc"/
{
	printf("%-16s %7s %10s\n", "COMM", "PID", "COUNT");
	printa("%-16s %7d %@10d\n", @procs);
}

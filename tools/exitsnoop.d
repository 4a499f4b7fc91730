#!/usr/bin/env -S dtrace -s
/*
 * exitsnoop.d: processes as they exit, with their age and status.
 *
 * Usage: exitsnoop.d [NAME]
 *	NAME	only processes named NAME (execname)
 *
 * One line per process (its last thread) that exits: the pid, the
 * parent's pid, the name, how it ended (proc:::exit's args[0]: 1 exited,
 * 2 killed by a signal, 3 dumped core), the exit status or the signal,
 * and how long it lived, in milliseconds.
 */
#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	printf("%-7s %-7s %-16s %-6s %6s %10s\n", "PID", "PPID", "COMM",
	    "HOW", "CODE", "AGE(ms)");
}

proc:::exit
/$$1 == "" || execname == $$1/
{
	printf("%-7d %-7d %-16s %-6s %6d %10d\n", pid, ppid, execname,
	    args[0] == 1 ? "exit" : args[0] == 2 ? "signal" : "core",
	    args[0] == 1 ? (curthread->exit_code >> 8) & 0xff :
	    curthread->exit_code & 0x7f,
	    (timestamp - curthread->group_leader->start_time) / 1000000);
}

#!/usr/bin/env -S dtrace -s
/*
 * execsnoop.d: programs as they are executed, system-wide.
 *
 * Usage: execsnoop.d [NAME]
 *	NAME	only programs named NAME (their execname once executed)
 *
 * One line per successful exec: milliseconds since the start, the pid,
 * the parent's pid, the program's name and its arguments as /proc shows
 * them (on Linux pr_psargs holds the name: the argument list is in the
 * process's memory).
 */
#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	start = timestamp;
	printf("%-8s %-7s %-7s %-16s %s\n", "TIME(ms)", "PID", "PPID",
	    "COMM", "ARGS");
}

proc:::exec-success
/$$1 == "" || execname == $$1/
{
	printf("%-8d %-7d %-7d %-16s %s\n", (timestamp - start) / 1000000,
	    pid, ppid, execname, curpsinfo->pr_psargs);
}

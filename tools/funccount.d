#!/usr/bin/env -S dtrace -s
/*
 * funccount.d: calls of a process's functions, counted (uprobes).
 *
 * Usage: funccount.d -p PID | -c CMD  FUNCTION [MODULE]
 *	FUNCTION  a function name or glob: malloc, "str*", "*"
 *	MODULE	  the object they are in: a.out (the program), libc.so.6
 *		  ... (default: every object)
 *
 * At the end (Ctrl-C, or when the command or process exits), each
 * function's calls, the most called last:
 *	funccount.d -c 'ls -l' 'str*' libc.so.6
 */
#pragma D option quiet
#pragma D option defaultargs

pid$target::$1:entry
/$$2 == "" || probemod == $$2/
{
	@calls[probemod, probefunc] = count();
}

END
{
	printf("%-20s %-30s %10s\n", "MODULE", "FUNCTION", "CALLS");
	printa("%-20s %-30s %@10d\n", @calls);
}

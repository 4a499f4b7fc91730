#!/usr/bin/env -S dtrace -s
/*
 * funclatency.d: how long a process's functions take (uprobes).
 *
 * Usage: funclatency.d -p PID | -c CMD  FUNCTION [MODULE]
 *	FUNCTION  a function name or glob: read, "str*"
 *	MODULE	  the object it is in (default: every object)
 *
 * The time from each call's entry to its return, in nanoseconds, a
 * power-of-two histogram per function, printed at the end.  A
 * recursive call is timed from its innermost entry.
 */
#pragma D option quiet
#pragma D option defaultargs

pid$target::$1:entry
/$$2 == "" || probemod == $$2/
{
	start[tid, probefunc] = timestamp;
}

pid$target::$1:return
/start[tid, probefunc]/
{
	@ns[probemod, probefunc] = quantize(timestamp - start[tid, probefunc]);
	start[tid, probefunc] = 0;
}

END
{
	printa("\n%s`%s (ns)%@d", @ns);
}

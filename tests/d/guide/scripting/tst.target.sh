#!/bin/bash
#
# Scripting, $target: with -c, $target is the process id of the command
# dtrace starts, so /pid == $target/ selects it, as in the Guide's
# "dtrace -s syscalls.d -c date" examples; the command's write is seen.

dtrace=$1
$dtrace -q -c "$BDT_WORKLOAD -c 1 -i 0 write" -n '
syscall::write:entry
/pid == $target/
{
	printf("%s %d %d\n", probefunc, arg0, arg2);
	exit(0);
}' 2>&1

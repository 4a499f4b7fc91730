#!/bin/bash
#
# dtrace(1M) chapter, -c: run a command, with its process id as
# $target; dtrace ends when the command exits.  The command writes to
# /dev/null so that only dtrace writes to stdout (-c splits its
# argument at blanks, without shell quoting).
#
dtrace=$1
tmp=$(mktemp /tmp/bdtrace-guide-c.XXXXXX)
echo 'echo hello > /dev/null' > "$tmp"
"$dtrace" -q -c "/bin/sh $tmp" -n '
syscall::write:entry
/pid == $target/
{
	printf("write of %d bytes by the target\n", arg2);
}'
echo "status $?"
rm -f "$tmp"

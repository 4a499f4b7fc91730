#!/bin/bash
#
# When exit() ends the trace as the -c command ends (exit() on its
# exit_group), the command's end is not reported: dtrace(1M) stops
# looking at its processes once tracing is done.  Several runs, as the
# two race.
dtrace=$1
for i in 1 2 3 4 5; do
	"$dtrace" -n 'syscall::exit_group:entry /pid == $target/ { exit(0); }' \
	    -c /bin/true 2>&1 >/dev/null | grep -c 'has exited'
done
echo done

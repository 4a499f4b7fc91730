#!/bin/bash
#
# A -c command that cannot be run, and -p with a bad or gone pid, fail
# before tracing with DTrace's messages and status 1.
dtrace=$1
"$dtrace" -n BEGIN -c /nonexistent/cmd 2>&1
echo "status $?"
"$dtrace" -n BEGIN -p abc 2>&1
echo "status $?"
sleep 0 & gone=$!
wait $gone
"$dtrace" -n BEGIN -p $gone 2>&1 | sed "s/$gone/PID/"
echo "status ${PIPESTATUS[0]}"

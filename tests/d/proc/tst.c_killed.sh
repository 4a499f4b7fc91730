#!/bin/bash
#
# A -c command does not outlive dtrace: when the trace ends first (here
# exit() in BEGIN, before the command has even started), it is killed.
dtrace=$1
"$dtrace" -qn 'BEGIN { printf("bye\n"); exit(0); }' -c 'sleep 9876'
echo "status $?"
pgrep -f 'sleep 9876' > /dev/null && echo "left behind" || echo "gone"

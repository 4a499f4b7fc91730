#!/bin/bash
# A full ring buffer (the consumer held back by a long system() command)
# counts drops, reported per CPU as DTrace does ("N drops on CPU n").
dtrace=$1
"$dtrace" -wq -x bufsize=4k -n '
BEGIN { system("sleep 1"); }
profile:::tick-1ms { printf("%d %d %d %d\n", 1, 2, 3, 4); }
tick-1500ms { exit(0); }' 2>&1 >/dev/null | grep -q 'drops\? on CPU' && echo reported

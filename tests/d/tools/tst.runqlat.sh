#!/bin/bash
# tools/runqlat.d with -c: the command's threads, woken 200 times, wait
# for a CPU: one histogram of at least 100 waits.
dtrace=$1
"$dtrace" -s tools/runqlat.d -c "python3 tests/d/tools/sleeper.py" |
	awk '/latency|Distribution/ { print; next }
	     NF == 3 { n += $3 }
	     END { print "at least 100:", n >= 100 }'

#!/bin/bash
# tools/offcputime.d with -c: folded stacks of where the command blocks
# (sleeping 200 times): lines "python3;...;vmlinux`...schedule... N",
# the kernel's frames on top, summing to at least 0.2 s.
dtrace=$1
"$dtrace" -s tools/offcputime.d -c "python3 tests/d/tools/sleeper.py" |
	awk '{ n = $NF; $NF = ""; stack = $0 }
	     stack ~ /^python3;/ && stack ~ /vmlinux`[a-z_]*schedule/ { us += n }
	     END { print "python3 off CPU in schedule() for 0.2 s:", us >= 200000 }'

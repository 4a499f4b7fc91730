#!/bin/bash
# tools/profile.d with -c: folded stacks of the command spinning for a
# second, sampled at 99 Hz: "python3;...;libpython3.11.so.1.0`... N"
# lines (or python3.11`...: the interpreter's own frames), at least 5
# (on a busy machine a second of CPU is not guaranteed).
dtrace=$1
"$dtrace" -s tools/profile.d -c "python3 tests/d/tools/sleeper.py spin" |
	awk '/^python3;.*python[^;]*`/ { n += $NF }
	     END { print "python3 samples:", n >= 5 }'

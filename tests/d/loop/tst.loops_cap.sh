#!/bin/bash
#
# Without may_goto each string loop is a bpf_loop() callback, a function
# of its own, and the kernel takes at most 256 functions in a program:
# the probe whose clauses hold one loop too many is refused with the
# clause and statement of that loop and the limit in words (the verifier
# names no instruction for it).
dtrace=$1
d=$(mktemp /tmp/bdtrace-loopcap.XXXXXX.d)
trap 'rm -f "$d"' EXIT

{
	for c in 1 2; do
		echo 'BEGIN {'
		for i in $(seq 200); do echo "	x = lltostr($i);"; done
		echo '}'
	done
	echo 'BEGIN { printf("%s\n", x); exit(0); }'
} > "$d"

"$dtrace" -x nomaygoto -qs "$d" 2>&1 |
	sed "s|$d|LOOPS.d|; s/ (instruction [0-9]*)$//"
echo "status ${PIPESTATUS[0]}"

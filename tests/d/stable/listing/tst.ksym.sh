#!/bin/bash
#
# Probes whose sources compare a kernel pointer with a function's
# address (io's start and done: iomap's direct I/O completion, for
# args[2]; sched's tick: the tick's hrtimer function), which kallsyms
# gives once per symbol however many probes name it.  Listed together,
# and enabled together: the tick fires, so its address is the tick's.
#
dtrace=$1

$dtrace -l -n io:::start -n io:::done -n sched:::tick |
	awk 'NR > 1 { print $2, $NF }'
$dtrace -q -n 'io:::start, io:::done { n++; }' \
    -n 'sched:::tick { printf("tick on cpu %s\n", cpu >= 0 ? "yes" : "no"); exit(0); }'

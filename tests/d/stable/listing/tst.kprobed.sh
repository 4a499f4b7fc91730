#!/bin/bash
#
# The stable probes that only kernel functions can back (sched's enqueue
# and dequeue, io's wait-start and wait-done, lockstat's hold probes)
# are listed wherever the kernel has the functions, as fbt's probes are,
# with their argument types.  On a kernel that cannot trace its
# functions (no kprobes), enabling one fails before anything is loaded,
# in one line that names the probe and the reason, with exit status 1.
# Their args[] are described as start's and done's, so one clause may
# name them all (compiled only here).
#
# @@needs: !kprobes
dtrace=$1

$dtrace -lv -n sched:::enqueue -n sched:::dequeue -n io:::wait-start \
    -n io:::wait-done -n lockstat:::adaptive-acquire \
    -n lockstat:::adaptive-release -n lockstat:::spin-acquire \
    -n lockstat:::spin-release -n lockstat:::rw-acquire \
    -n lockstat:::rw-release | grep -E '^ *[0-9]|args\[' |
	sed 's/^ *[0-9][0-9]* */ /'
for p in sched:::enqueue io:::wait-done lockstat:::spin-acquire; do
	$dtrace -qn "$p { exit(0); }" 2>&1
	echo "exit $?"
done
$dtrace -e -n 'io:::start, io:::done, io:::wait-start, io:::wait-done {
    trace(args[0]->b_flags); trace(args[1]->dev_statname);
    trace(args[2]->fi_name); }'
echo "exit $?"

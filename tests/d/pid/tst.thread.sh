#!/bin/bash
#
# pid and USDT probes of a process fire in all of its threads, not only
# in the thread its process id names: uprog runs its calls and its USDT
# probes in a second thread.  Linux 6.6 to 6.9 filtered a uprobe_multi
# link on that one thread; where the kernel does, per-process sites are
# perf-event uprobes (src/providers/umulti_pid.c).  Each way is run:
# the default (from 6.10 without asking), the kernel asked whatever its
# version (BDT_UMULTI_ASK=1), and perf events (BDT_UPROBE_MULTI=0).
dtrace=$1
prog=$BDT_BUILD/tests/uprog
script='
pid$target:a.out:up_add:entry
{
	printf("%s:%s thread %d\n", probefunc, probename, tid != pid);
}
pid$target:a.out:up_add:return
{
	printf("%s:%s %d thread %d\n", probefunc, probename, arg1, tid != pid);
}
uprog$target:::pair
{
	printf("%s %d %d thread %d\n", probename, arg0, arg1, tid != pid);
}'
for env in BDT_UPROBE_MULTI=1 BDT_UMULTI_ASK=1 BDT_UPROBE_MULTI=0; do
	echo "$env"
	env "$env" "$dtrace" -q -c "$prog thread calls usdt" -n "$script" \
		2> /dev/null
	echo "status $?"
done

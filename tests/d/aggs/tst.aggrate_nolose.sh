#!/bin/bash
# Draining under aggrate loses no update: two processes, one on each
# CPU, make 300,000 getppid() calls each as fast as they can, counted
# and summed by execname under -x aggrate=1ms with a small aggsize, so
# that the consumer drains the maps a few hundred times while both CPUs
# update them.  A drain that took an entry between a probe's lookup and
# its store lost that update (the totals came out short), and so did a
# switch of generation between a new key's insertion and the lookup
# after it ("1 aggregation drop", once in a CI run); the totals must be
# exact.  Each process's calls follow its rename, the last
# system call before its loop (tests/workload.c), and it ends in
# pause(), which tells the script it is done.
# @@timeout: 60
dtrace=$1
n=300000
tmp=$(mktemp -d)
pids=
trap 'kill $pids 2> /dev/null; rm -rf "$tmp"' EXIT
BDT_READY_FD=3 "$dtrace" -q -x aggrate=1ms -x aggsize=256 -n '
syscall::getppid:entry
/execname == "bdtagg1" || execname == "bdtagg2"/
{
	@calls[execname] = count();
	@sums[execname] = sum(3);
}

syscall::pause:entry
/execname == "bdtagg1"/
{
	done1 = 1;
}

syscall::pause:entry
/execname == "bdtagg2"/
{
	done2 = 1;
}

tick-10ms
/done1 && done2/
{
	exit(0);
}

END
{
	printa("calls %s %@d\n", @calls);
	printa("sum %s %@d\n", @sums);
}' 3> "$tmp/ready" > "$tmp/out" 2> "$tmp/err" &
dt=$!
for i in $(seq 400); do
	[ -s "$tmp/ready" ] && break
	kill -0 $dt 2> /dev/null || break
	sleep 0.05
done
cpus=$(nproc)
for i in 1 2; do
	taskset -c $((i % cpus)) "$BDT_WORKLOAD" -n bdtagg$i -i 0 -c $n calls &
	pids="$pids $!"
done
wait $dt
echo "exit $?"
cat "$tmp/out"
# nothing dropped: aggsize holds both keys of each aggregation
cat "$tmp/err"

#!/bin/bash
#
# -x switchrate with a -c command: the records wait for each switch,
# while the ring of the libraries the command loads is read at once, so
# the command, stopped there while its new probes go in, goes on; the
# trace ends at its exit(), with every record read.

dtrace=$1
timeout 20 "$dtrace" -q -x switchrate=100ms -x aggrate=50ms \
    -c "$BDT_WORKLOAD -i 200 write" -n '
syscall::write:entry
/pid == $target/
{
	@ = count();
	printa("%@d\n", @);
}

syscall::write:entry
/pid == $target && ++n == 3/
{
	exit(0);
}'
echo "status $?"

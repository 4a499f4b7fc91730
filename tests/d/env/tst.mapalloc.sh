#!/bin/bash
#
# Map allocation fails (dtrace in a memory cgroup limited to 32 MB, with
# a 256 MB ring buffer, dynamic variable space or aggregation space):
# one line names the map, its size and the option that sets it.  A
# cgroup v2 or v1 memory controller is used, whichever the machine has.
# @@needs: memcg

dtrace=$1
if grep -qw memory /sys/fs/cgroup/cgroup.controllers 2> /dev/null; then
	cg=/sys/fs/cgroup/bdt-mapalloc.$$
	mkdir "$cg" && echo $((32 << 20)) > "$cg/memory.max"
else
	cg=/sys/fs/cgroup/memory$(sed -n 's/^[0-9]*:memory://p' \
		/proc/self/cgroup)/bdt-mapalloc.$$
	mkdir "$cg" && echo $((32 << 20)) > "$cg/memory.limit_in_bytes"
fi
trap 'rmdir "$cg"' EXIT

limited() {
	sh -c 'echo $$ > "$1/cgroup.procs" && shift && exec "$@"' sh "$cg" \
		"$@" 2>&1
	echo "status $?"
}
limited "$dtrace" -b 256m -qn 'BEGIN { printf("ok\n"); exit(0); }'
limited "$dtrace" -x dynvarsize=512m -qn 'BEGIN { self->x = 1; exit(0); }'
limited "$dtrace" -x aggsize=512m -qn 'BEGIN { @[1] = count(); exit(0); }'
limited "$dtrace" -qn 'BEGIN { printf("the defaults fit\n"); exit(0); }'

#!/bin/bash
#
# Map allocation fails (dtrace in a memory cgroup limited to what a run
# with the defaults took, plus 12 MB, with a 256 MB ring buffer, dynamic
# variable space or aggregation space): one line names the map, its size
# and the option that sets it.  The limit is measured rather than fixed
# because an instrumented build (make check's AddressSanitizer one) takes
# far more memory of its own.  A cgroup v2 or v1 memory controller is
# used, whichever the machine has.
# @@needs: memcg

dtrace=$1
if grep -qw memory /sys/fs/cgroup/cgroup.controllers 2> /dev/null; then
	cg=/sys/fs/cgroup/bdt-mapalloc.$$
	peak=memory.peak max=memory.max
else
	cg=/sys/fs/cgroup/memory$(sed -n 's/^[0-9]*:memory://p' \
		/proc/self/cgroup)/bdt-mapalloc.$$
	peak=memory.max_usage_in_bytes max=memory.limit_in_bytes
fi
mkdir "$cg" || exit 1
trap 'rmdir "$cg"' EXIT

limited() {
	sh -c 'echo $$ > "$1/cgroup.procs" && shift && exec "$@"' sh "$cg" \
		"$@" 2>&1
	echo "status $?"
}
# (a run that parses the kernel's BTF, as the runs below need not: their
# headroom for what they do besides the map)
limited "$dtrace" -qn 'BEGIN { trace(curthread->pid); exit(0); }' > /dev/null
echo $(($(cat "$cg/$peak") + (12 << 20))) > "$cg/$max"
limited "$dtrace" -b 256m -qn 'BEGIN { printf("ok\n"); exit(0); }'
limited "$dtrace" -x dynvarsize=512m -qn 'BEGIN { self->x = 1; exit(0); }'
limited "$dtrace" -x aggsize=512m -qn 'BEGIN { @[1] = count(); exit(0); }'
limited "$dtrace" -qn 'BEGIN { printf("the defaults fit\n"); exit(0); }'

#!/bin/bash
#
# Eight dtrace sessions at once, and bpftrace beside them on the same
# tracepoint, each with exact results: four count a process's openat()
# calls on the syscall provider's tracepoint, four a process's calls of
# a function (a pid probe) and of the system call it makes; each its
# own process and count, so that an event or an aggregation of one
# session in another's output would show.  bpftrace counts a ninth
# process's openat() calls on the same tracepoint.
# @@timeout: 120

dtrace=$1
wl=$BDT_WORKLOAD
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

for i in 0 1 2 3; do
	n=$((3000 + 17 * i))
	"$dtrace" -q -c "$wl -n sess$i -i 0 -c $n open /etc/hostname" -n "
	syscall::openat:entry /execname == \"sess$i\"/ { @o = count(); n++; }
	syscall::openat:entry /execname == \"sess$i\" && n == $n/ { exit(0); }
	END { printa(\"session $i: %@d openat\n\", @o); }" \
		> "$dir/$i" 2>&1 &
done
for i in 4 5 6 7; do
	n=$((3000 + 17 * i))
	"$dtrace" -q -c "$wl -i 0 -c $n calls" -n "
	pid\$target::wl_leaf:entry { @c = count(); n++; }
	syscall::getppid:entry /pid == \$target/ { @s = count(); }
	syscall::getppid:return /pid == \$target && n == $n/ { exit(0); }
	END { printa(\"session $i: %@d wl_leaf, \", @c);
	      printa(\"%@d getppid\n\", @s); }" > "$dir/$i" 2>&1 &
done
bpftrace -c "$wl -n sessbt -i 0 -c 5000 open /etc/hostname" -e '
	tracepoint:syscalls:sys_enter_openat /comm == "sessbt"/ {
		@c++; if (@c == 5000) { exit(); } }' > "$dir/bt" 2>&1 &
wait
cat "$dir"/[0-7]
grep '^@' "$dir/bt"

#!/bin/bash
#
# tracefs not mounted: dtrace mounts it (as root with CAP_SYS_ADMIN);
# when it cannot (no CAP_SYS_ADMIN, only CAP_BPF and CAP_PERFMON), the
# probes that need no tracefs (BEGIN, tick) still work, and a system call
# probe fails with one line saying why.  Created in a mount namespace:
# an empty tmpfs over /sys/kernel/tracing, a read-only one over
# /sys/kernel/debug.

dtrace=$1
unshare -m bash -s "$dtrace" <<'SCRIPT'
dtrace=$1
mount --make-rprivate /
mount -t tmpfs none /sys/kernel/tracing
mount -t tmpfs -o ro none /sys/kernel/debug
nosysadmin() {
	setpriv --inh-caps=-sys_admin --bounding-set=-sys_admin "$@"
}
echo "== without CAP_SYS_ADMIN"
nosysadmin "$dtrace" -qn 'BEGIN { printf("begin\n"); }
    tick-10ms { printf("tick\n"); exit(0); }' 2>&1
echo "status $?"
nosysadmin "$dtrace" -qn 'syscall::read:entry { exit(0); }' 2>&1
echo "status $?"
echo "== with it: dtrace mounts tracefs"
"$dtrace" -q -c 'cat /dev/null' -n 'syscall::openat:entry /pid == $target/
    { n++; } END { printf("%s\n", n > 0 ? "opens seen" : "none"); }' 2>&1
echo "status $?"
SCRIPT

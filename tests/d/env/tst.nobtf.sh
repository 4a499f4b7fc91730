#!/bin/bash
#
# Without the kernel's BTF (/sys/kernel/btf/vmlinux hidden under an
# empty tmpfs in a mount namespace), what needs no kernel types still
# works: BEGIN, printf, aggregations, system call probes with their
# arguments, raw tracepoints, kernel stacks; what needs them fails with
# one located error saying why.  libbpf's own messages stay out of the
# output.

dtrace=$1
unshare -m bash -s "$dtrace" "$BDT_WORKLOAD" <<'SCRIPT'
dtrace=$1
workload=$2
mount --make-rprivate /
mount -t tmpfs none /sys/kernel/btf
run() {
	"$dtrace" -q "$@" 2>&1
	echo "status $?"
}
run -n 'BEGIN { @[probename] = count(); printf("%d %s\n", 1 + 1, "two");
    exit(0); }'
run -c "$workload calls" -n 'syscall::getppid:entry /pid == $target/
    { printf("%s %s\n", probefunc, execname); exit(0); }'
run -n 'rawtp:sched::sched_process_exit { exit(0); }
    BEGIN { printf("rawtp\n"); }' -c true
echo "kernel stacks named: $("$dtrace" -q -n 'profile-997 { @s[stack()] =
    count(); } tick-200ms { exit(0); }' 2>&1 | grep -c -m1 'vmlinux`')"
run -n 'BEGIN { trace(curthread->pid); exit(0); }'
run -n 'io:::start { exit(0); }'
run -n 'io:::wait-start { exit(0); }'
SCRIPT

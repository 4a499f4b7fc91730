#!/bin/bash
#
# One run parses the kernel's BTF once, however many parts read it: the
# compiler (a cast to a kernel struct, the D libraries' translators,
# progenyof()'s offsets), rawtp (args[] typed from btf_trace_
# prototypes) and the stable providers (whether proc's probes are
# backed).  Counted as opens of /sys/kernel/btf/vmlinux.
#
# @@needs: cmd:strace
dtrace=$1
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# (LeakSanitizer cannot run under ptrace: a sanitized build's leak check
# is left to the other tests)

ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
	    strace -f -qq -e trace=openat -o "$log" "$dtrace" -q \
    -n 'rawtp:sched::sched_process_exec { trace(args[0]->pid); }' \
    -n 'proc:::exec-success { trace(curpsinfo->pr_fname); }' \
    -n 'BEGIN { printf("%d %d\n",
	((struct task_struct *)curthread)->tgid == pid, progenyof(1));
	exit(0); }'
echo "exit $?"
echo "vmlinux BTF opened $(grep -c '/sys/kernel/btf/vmlinux' "$log") time(s)"

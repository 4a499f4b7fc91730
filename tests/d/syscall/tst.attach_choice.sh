#!/bin/bash
#
# Where syscall programs run (the headers of dtrace -S): up to four
# probes of one kind get their own syscalls:sys_enter_X / sys_exit_X
# perf-event tracepoints, so that the system calls not probed run none
# of the tracer; more share one program on the sys_enter / sys_exit raw
# tracepoint, which tells them apart by number.  The kinds choose apart.
# sdt's syscalls group chooses the same way.  BDTRACE_SYSCALL_RAW forces
# the raw tracepoint.  Entry probes whose clauses copy user memory stay
# on sys_enter, where a copy of memory not yet paged in can be finished
# at the return, unless -x nodefer.  (sdt lists its probes in tracefs order, which
# differs between kernels: only where they run is shown.)
dtrace=$1
# where DESCRIPTION [VAR=1]: the attach points of DESCRIPTION's programs
where() {
	wherex "$1" '@ = count();' "$2"
}
# wherex DESCRIPTION ACTIONS [VAR=1] [OPTION...]
wherex() {
	echo "$1:"
	env ${3:+"$3"} "$dtrace" -S -qn "$1 { $2 }" "${@:4}" \
	    -n 'BEGIN { exit(0); }' 2>&1 > /dev/null |
	sed -n 's/^dtrace_[0-9]*: [0-9]* instructions for /  /p' |
	grep -v 'dtrace:::BEGIN' | sed -E 's/ and [0-9]+ more/ and more/
	    s/^  sdt:[^(]* and more/  sdt:syscalls probes/'
}
where 'syscall::getppid:entry'
where 'syscall::getppid:'
where 'syscall::getpid:entry, syscall::getppid:entry, syscall::getuid:entry,
    syscall::getgid:entry'
where 'syscall::getpid:entry, syscall::getppid:entry, syscall::getuid:entry,
    syscall::getgid:entry, syscall::gettid:entry, syscall::getppid:return'
where 'syscall:::entry'
where 'sdt:syscalls::sys_enter_getppid'
where 'sdt:syscalls::sys_enter_get*id'
where 'syscall::getppid:entry' BDTRACE_SYSCALL_RAW=1
wherex 'syscall::openat:entry' 'trace(copyinstr(arg1));'
wherex 'syscall::openat:entry' 'trace(copyinstr(arg1));' '' -x nodefer

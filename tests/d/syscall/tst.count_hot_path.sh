#!/bin/bash
#
# The hot path of `@ = count()` on one system call (dtrace -S): the
# prologue loads the call's number and tests it before anything else
# (every system call runs the program), and a program whose clauses
# never use the per-CPU probe context does not look it up.  x86-64:
# getppid is number 110 (0x6e).  One probe would get its own perf-event
# tracepoint (tst.attach_choice.sh): BDTRACE_SYSCALL_RAW keeps it on the
# raw tracepoint, the path of many probes.

dtrace=$1
BDTRACE_SYSCALL_RAW=1 "$dtrace" -S -qn 'syscall::getppid:entry { @ = count(); }
    BEGIN { exit(0); }' 2>&1 > /dev/null |
awk '/instructions for syscall:vmlinux:getppid:entry/ { on = 1; next }
     on && /^$/ { on = 0 }
     on { n++; if (n == 3) { sub(/^ *[0-9]+: /, ""); sub(/ goto.*/, ""); print "first test:", $0 }
	  if (/dt_dctx/) dctx++ }
     END { print "dctx lookups:", dctx + 0 }'

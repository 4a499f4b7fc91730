#!/bin/bash
#
# The same probes through kprobes and kretprobes (BDTRACE_FBT=kprobe),
# where the kernel would take fentry/fexit for one function: the same
# arguments, return value and stack.
#
# @@needs: kprobes
dtrace=$1
export BDTRACE_FBT=kprobe
"$BDT_WORKLOAD" -n bdt-fbt write &
wl=$!
"$dtrace" -qs tests/d/fbt/tst.entry_args.d
"$dtrace" -qs tests/d/fbt/tst.return_args.d
"$dtrace" -qs tests/d/fbt/tst.stack.d | sed -f tests/d/fbt/tst.stack.sed
kill $wl

#!/bin/bash
#
# tst.vfs_write.d through kprobes and kretprobes (BDTRACE_FBT=kprobe),
# where the kernel would take fentry/fexit for one function: the same
# arguments, return value and stacks.
#
# @@needs: kprobes
dtrace=$1
"$BDT_WORKLOAD" -n bdt-fbt write &
wl=$!
BDTRACE_FBT=kprobe "$dtrace" -s tests/d/fbt/tst.vfs_write.d |
	sed -f tests/d/fbt/tst.vfs_write.sed
kill $wl

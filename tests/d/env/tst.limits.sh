#!/bin/bash
#
# Resource limits: a low RLIMIT_MEMLOCK does not matter (BPF memory is
# charged to the memory cgroup since Linux 5.11); too low an
# RLIMIT_NOFILE for 700 probes, or for anything at all, gets one
# line naming the limit and how to raise it.  dtrace raises its soft
# limit to the hard one by itself when it needs to.

dtrace=$1
echo "== memlock 0"
prlimit --memlock=0:0 "$dtrace" -qn 'BEGIN { @[1] = count(); self->x = 1;
    printf("%d\n", self->x); exit(0); }' 2>&1
echo "status $?"
echo "== nofile 64"
prlimit --nofile=64:64 "$dtrace" -qn 'sdt:syscalls:: { @[probename] = count(); }
    BEGIN { exit(0); }' 2>&1 | sed 's/probe sdt:[^ ]*:/probe PROBE:/'
echo "status ${PIPESTATUS[0]}"
echo "== nofile 10"
prlimit --nofile=10:10 "$dtrace" -qn 'BEGIN { @[1] = count(); exit(0); }' \
	2>&1
echo "status $?"
echo "== nofile 64, hard limit higher"
prlimit --nofile=64:"$(ulimit -Hn)" "$dtrace" -qn 'sdt:syscalls:: {
    @[probename] = count(); }
    BEGIN { printf("attached\n"); exit(0); }' 2>&1 | sed -n 1p
echo "status ${PIPESTATUS[0]}"

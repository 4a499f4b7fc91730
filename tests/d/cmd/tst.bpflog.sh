#!/bin/bash
#
# -x bpflog prints the verifier's log of every program, loaded or not,
# each line marked "BPF: "; a log larger than bpflogsize fails the load
# with DTrace's advice to raise it.

dtrace=$1
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
"$dtrace" -x bpflog -qn 'BEGIN { printf("loaded\n"); exit(0); }' 2>"$tmp"
grep -q '^BPF: ' "$tmp" && echo "log shown"
grep -v '^BPF: ' "$tmp"
"$dtrace" -x bpflog -x bpflogsize=100 -qn 'BEGIN { exit(0); }' 2>&1
echo "status $?"

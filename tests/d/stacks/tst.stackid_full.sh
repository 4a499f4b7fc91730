#!/bin/bash
#
# Stack ids are tried a bounded number of times (4): with
# -x stackhashbits=0, 5 user stacks of one depth all collide, so the 5th
# finds no id of its own.  It is not merged with another: it is an
# aggregation drop, reported as such, and the 4 others each count once.
dtrace=$1
out=$(mktemp)
"$dtrace" -q -x stackhashbits=0 -n '
BEGIN { printf("tracing\n"); }
syscall::getppid:entry /execname == "bdt-stkfull"/ { @[ustack(8)] = count(); n++; }
syscall::getppid:entry /n == 5/ { exit(0); }' > "$out" 2>&1 &
dt=$!
for i in $(seq 100); do
	grep -q tracing "$out" && break
	sleep 0.1
done
"$BDT_WORKLOAD" -n bdt-stkfull -i 0 -c 5 recurse &
wl=$!
wait $dt
echo "status $?"
kill $wl
sed -e 's/+0x[0-9a-f]*/+OFF/' -e 's/on CPU [0-9]*/on CPU N/' "$out" |
	grep -v '^ *workload' | sort | uniq -c
rm -f "$out"

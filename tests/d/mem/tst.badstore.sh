#!/bin/bash
#
# A store through a pointer that is not scratch memory faults with
# DTrace's "invalid address"; an alloca() beyond the scratch space and a
# bcopy() of more than the scratch holds ("invalid size", with the
# size) fault too; tracing goes on with the next clause.
dtrace=$1
err=$(mktemp)
"$dtrace" -qn 'BEGIN { *(int *)8 = 1; printf("not reached\n"); }
BEGIN { n = 100000; p = alloca(n); printf("not reached\n"); }
BEGIN { n = 100000; p = alloca(8); bcopy(p, p, n); printf("not reached\n"); }
BEGIN { printf("done\n"); exit(0); }' 2> "$err"
echo "status $?"
sed -e "s/ at DIF offset [0-9]*$//" -e "s/(0xffff[0-9a-f]*)/(ADDR)/" "$err"
rm -f "$err"

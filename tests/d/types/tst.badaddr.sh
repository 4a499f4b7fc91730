#!/bin/bash
#
# Reading through a bad kernel pointer is a runtime fault: DTrace's
# "invalid address" message with the address, the clause abandoned and
# tracing going on with the next clause.
dtrace=$1
err=$(mktemp)
"$dtrace" -qn 'BEGIN { printf("before\n"); x = *(int *)8; printf("after\n"); }
BEGIN { trace(((struct list_head *)16)->next); }
BEGIN { printf("%s\n", stringof((char *)24)); }
BEGIN { printf("next clause\n"); exit(0); }' 2> "$err"
echo "status $?"
sed 's/ at DIF offset [0-9]*$//' "$err"
rm -f "$err"

#!/bin/bash
#
# Division by zero is a runtime fault: the clause stops and records
# nothing, DTrace's "error on enabled probe" message goes to stderr, and
# tracing goes on with the next clause.
dtrace=$1
err=$(mktemp)
"$dtrace" -qn 'BEGIN { x = 0; printf("before\n"); y = 1 / x; printf("after\n"); }
BEGIN { printf("next clause\n"); exit(0); }' 2> "$err"
echo "status $?"
sed 's/ at DIF offset [0-9]*$//' "$err"
rm -f "$err"

#!/bin/bash
#
# A fault inside an ERROR clause does not fire ERROR again (which would
# never end) and, as in DTrace, is not reported one by one: it is counted
# as an error in the ERROR probe enabling.  DTrace's default message is
# printed for every other fault, whether or not ERROR is enabled.
dtrace=$1
err=$(mktemp)
"$dtrace" -qn '
ERROR { n++; z = 0; z = 1 / z; }
BEGIN { x = 0; y = 1 / x; }
BEGIN { x = 0; y = 2 / x; }
tick-50ms { printf("ERROR ran %d times\n", n); exit(0); }' 2> "$err"
echo "status $?"
sed 's/ at DIF offset [0-9]*$//' "$err"
rm -f "$err"

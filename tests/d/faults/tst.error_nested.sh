#!/bin/bash
#
# A fault inside an ERROR clause is reported like any other but does not
# fire ERROR again (which would never end); DTrace's default message is
# printed for every fault, whether or not ERROR is enabled.
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

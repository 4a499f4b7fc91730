#!/bin/bash
#
# -e compiles the program and exits without enabling it: no output, no
# "matched" notice, status 0; a compile error is still reported.

dtrace=$1
"$dtrace" -e -n 'BEGIN { printf("must not run\n"); }' 2>&1
echo "status $?"
"$dtrace" -e -n 'BEGIN { trace(nosuchvar); }' > /dev/null 2>&1
echo "status $?"

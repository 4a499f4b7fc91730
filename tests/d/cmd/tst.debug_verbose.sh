#!/bin/bash
#
# -x debug prints the run's steps on stderr, each line marked
# "libdtrace DEBUG <ns>: " as DTrace for Linux marks its library's;
# without it there are none.  -x verbose prints the compiled programs
# as -S does (DTrace's DTRACE_C_DIFV, which both set).

dtrace=$1
prog='BEGIN { printf("begin\n"); } tick-1ms { exit(0); }'
"$dtrace" -qx debug -n "$prog" 2>&1 >/dev/null |
    sed -E 's/DEBUG [0-9]+:/DEBUG N:/; s/[0-9]+ (maps|instructions)/N \1/g'
echo "status ${PIPESTATUS[0]}"
"$dtrace" -qn "$prog" 2>&1 | grep -c DEBUG
diff <("$dtrace" -qS -n "$prog" 2>&1) <("$dtrace" -qx verbose -n "$prog" 2>&1) &&
    echo "verbose is -S"
"$dtrace" -qx verbose -n "$prog" 2>&1 | grep -c '^dtrace_[0-9]*: .* instructions for'

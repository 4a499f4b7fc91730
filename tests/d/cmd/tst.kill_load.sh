#!/bin/bash
#
# dtrace killed while the kernel loads its programs (one for each of the
# 700 system call tracepoints, each with a clause of its own), none
# attached yet: every program and map it created goes with it.  See
# kill.inc.
# @@timeout: 120

dtrace=$1
. "$(dirname "$0")/kill.inc"
kill_matrix load "$("$dtrace" -l -n 'sdt:syscalls::' |
	awk 'NR > 1 { printf "sdt:syscalls::%s { @[%d] = count(); }\n", $NF, NR }')
BEGIN { printf(\"ready\n\"); }
tick-1s { exit(0); }
END { printf(\"aggregations\n\"); }"

#!/bin/bash
#
# dtrace killed while it attaches 2,300 probes (tracepoints, and the
# target's uprobes), before BEGIN: every program, map and attachment
# goes, no tracefs event stays, a -p process's USDT semaphore is back
# to 0 and a -c command is gone.  See kill.inc.
# @@timeout: 120

dtrace=$1
. "$(dirname "$0")/kill.inc"
kill_matrix attach 'sdt::: { @c[probename] = count(); }
BEGIN { printf("ready\n"); }
tick-1s { exit(0); }
END { printf("aggregations\n"); }' 'pid$target:uprog::entry { @f[probefunc] = count(); }'

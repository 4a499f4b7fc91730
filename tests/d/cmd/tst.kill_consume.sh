#!/bin/bash
#
# dtrace killed while it consumes records: SIGKILL leaves nothing behind;
# SIGTERM and SIGINT end the trace as exit() would (status 0).  Alone,
# with a -c command and with a -p process whose USDT semaphore it
# raised.  See kill.inc.
# @@timeout: 120

dtrace=$1
. "$(dirname "$0")/kill.inc"
kill_matrix consume 'sdt:syscalls:: { @c[probename] = count(); }
profile-997 { printf("tick\n"); }
BEGIN { printf("ready\n"); }
tick-2s { exit(0); }
END { printf("aggregations\n"); }'

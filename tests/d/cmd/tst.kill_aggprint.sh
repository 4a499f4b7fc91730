#!/bin/bash
#
# dtrace killed while it prints a large aggregation at the end, blocked
# writing to a pipe that is not read: SIGKILL leaves nothing behind;
# SIGTERM and SIGINT do not cut the printing short (status 0).  See
# kill.inc.
# @@timeout: 120

dtrace=$1
. "$(dirname "$0")/kill.inc"
kill_matrix aggprint 'profile-4999 { @t[timestamp] = count(); }
BEGIN { printf("ready\n"); }
tick-1s { exit(0); }
END { printf("aggregations\n"); }'

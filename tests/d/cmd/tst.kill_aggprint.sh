#!/bin/bash
#
# dtrace killed while it prints a large aggregation at the end, blocked
# writing to a pipe that is not read: SIGKILL leaves nothing behind;
# SIGTERM and SIGINT do not cut the printing short (status 0).  See
# kill.inc.  Each key prints a line of some 150 bytes, so that the few
# hundred samples a starved machine may take in that second are enough
# to fill the pipe.
# @@timeout: 120

dtrace=$1
. "$(dirname "$0")/kill.inc"
label=$(printf 'x%.0s' $(seq 120))
kill_matrix aggprint 'profile-4999 { @t[timestamp, "'"$label"'"] = count(); }
BEGIN { printf("ready\n"); }
tick-1s { exit(0); }
END { printf("aggregations\n"); }'

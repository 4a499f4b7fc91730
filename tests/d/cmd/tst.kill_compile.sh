#!/bin/bash
#
# dtrace killed while it compiles (a program for 2,300 probes), before
# it has created anything in the kernel: SIGINT and SIGTERM kill it as
# they kill DTrace before tracing starts, and a -c command it created
# (stopped at its exec) dies with it rather than staying stopped or
# running on.  See kill.inc.
# @@timeout: 120

dtrace=$1
. "$(dirname "$0")/kill.inc"
kill_matrix compile 'sdt::: { @c[probename] = count(); }
BEGIN { printf("ready\n"); }
tick-1s { exit(0); }
END { printf("aggregations\n"); }'

#!/bin/bash
#
# Every record must fit in the buffer when tracing starts, counted as
# DTrace lays records out (the data and a 4-byte id): a zero bufsize, or
# one smaller than a clause's record (a 257-byte string), is DTrace's
# "Enabling exceeds size of buffer"; under bufpolicy=fill, where room is
# kept for END's records, they must fit too ("END enablings exceed size
# of principal buffer").  A buffer just large enough runs.

dtrace=$1
"$dtrace" -q -x bufsize=0 -n 'BEGIN { exit(0); }' 2>&1
echo "status $?"
"$dtrace" -q -x bufsize=256 -n 'BEGIN { trace(execname); exit(0); }' 2>&1
echo "status $?"
"$dtrace" -q -x bufsize=1k -x bufpolicy=fill -x strsize=2k \
    -n 'BEGIN { exit(0); } END { trace(execname); }' 2>&1
echo "status $?"
"$dtrace" -q -x bufsize=16 -n 'BEGIN { printf("fits\n"); exit(0); }'
echo "status $?"

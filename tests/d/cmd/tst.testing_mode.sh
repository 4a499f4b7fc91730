#!/bin/bash
#
# _DTRACE_TESTING, DTrace for Linux's testing mode: the default output
# leaves out the CPU and ID columns, whose values vary from run to run,
# in the heading and on every record's line, with -F too; the trace()
# data follow as usual.

dtrace=$1
export _DTRACE_TESTING=1
"$dtrace" -n 'BEGIN { trace(42); exit(0); }' 2>/dev/null
"$dtrace" -F -n 'BEGIN { exit(0); }' 2>/dev/null
unset _DTRACE_TESTING
"$dtrace" -n 'BEGIN { exit(0); }' 2>/dev/null | head -1

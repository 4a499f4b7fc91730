#!/bin/bash
#
# dtrace(1M) chapter: without -q, dtrace reports on stderr how many
# probes each description matched and prints a CPU/ID/FUNCTION:NAME
# header before the first record; -q drops both.
#
dtrace=$1
"$dtrace" -n 'BEGIN { trace("x"); exit(0); }' 2>&1 | sed 's/^ *[0-9][0-9]* *[0-9][0-9]* /  C ID /'
"$dtrace" -q -n 'BEGIN { trace("x"); exit(0); }' 2>&1
echo
"$dtrace" -n 'BEGIN, END { }' -n 'tick-1ms { exit(0); }' 2>&1 | head -1

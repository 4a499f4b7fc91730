#!/bin/bash
#
# strsize is at least 2 (DTrace for Linux's minimum): 1 is rejected with
# DTrace's option message (on the command line and in a pragma, which
# names the option and its value apart), 2 is the smallest accepted and
# truncates strings to two characters.

dtrace=$1
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
printf '#pragma D option strsize=1\nBEGIN { exit(0); }\n' > "$d/p.d"

"$dtrace" -x strsize=1 -n 'BEGIN { exit(0); }' 2>&1
echo "status $?"
"$dtrace" -q -x errtags -s "$d/p.d" 2>&1 | grep '^dtrace:' | sed "s|$d/||"
echo "status ${PIPESTATUS[0]}"
"$dtrace" -q -x strsize=2 -n 'BEGIN { printf("[%s]\n", "hello"); exit(0); }'
echo "status $?"

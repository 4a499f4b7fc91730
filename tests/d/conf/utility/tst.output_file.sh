#!/bin/bash
#
# -o FILE sends the trace output to FILE (appending) instead of stdout;
# the "matched" notice stays on stderr.

dtrace=$1
out=$(mktemp)
trap 'rm -f "$out"' EXIT
echo "previous line" > "$out"
"$dtrace" -q -o "$out" -n 'BEGIN { printf("to the file\n"); exit(0); }'
echo "status $?"
cat "$out"

#!/bin/bash
#
# dtrace(1M) chapter, -o: the trace output goes to a file, appended to
# what is already there; stdout stays empty.
#
dtrace=$1
tmp=$(mktemp /tmp/bdtrace-guide-o.XXXXXX)
echo "before" > "$tmp"
"$dtrace" -q -o "$tmp" -n 'BEGIN { printf("traced\n"); exit(0); }'
echo "status $?"
cat "$tmp"
rm -f "$tmp"

#!/bin/bash
#
# dtrace -l with no description lists every probe under the heading
# "ID PROVIDER MODULE FUNCTION NAME"; the dtrace provider's BEGIN, END
# and ERROR come first, as probes 1, 2 and 3.

dtrace=$1
out=$(mktemp)
trap 'rm -f "$out"' EXIT

"$dtrace" -l > "$out"
echo "status $?"
head -n 4 "$out"

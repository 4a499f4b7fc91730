#!/bin/bash
#
# stack()'s frame count must be a positive integer constant: zero and
# negative counts are D_STACK_SIZE, with DTrace's headline.

dtrace=$1
for n in 0 -1; do
	"$dtrace" -x errtags -n "BEGIN { stack($n); }" 2>&1 | grep '^dtrace:'
	echo "status ${PIPESTATUS[0]}"
done

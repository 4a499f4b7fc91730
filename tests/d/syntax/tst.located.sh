#!/bin/bash
#
# Every malformed program of this directory fails with exit status 1,
# never a crash, with DTrace's headline (file and line, the message)
# and then the error located (file:line:col, the message, the tag).
dtrace=$1
for f in tests/d/syntax/err.*.d; do
	msg=$("$dtrace" -s "$f" 2>&1 >/dev/null)
	echo "status $?"
	echo "$msg" | head -n 2
done

#!/bin/bash
#
# Every malformed program of this directory fails with its error located
# (file:line:col, the message, the tag, on the line after DTrace's own)
# and exit status 1, never a crash.
dtrace=$1
for f in tests/d/syntax/err.*.d; do
	msg=$("$dtrace" -s "$f" 2>&1 >/dev/null)
	echo "status $? $(grep -m1 '^tests/' <<<"$msg")"
done

#!/bin/bash
#
# An unknown option, or no arguments at all, prints the usage message
# on stderr and exits with status 2.

dtrace=$1
err=$(mktemp)
trap 'rm -f "$err"' EXIT

"$dtrace" -K > /dev/null 2> "$err"
echo "unknown option: status $?"
grep -q '^Usage: dtrace ' "$err" && echo "usage printed"

"$dtrace" > /dev/null 2> "$err"
echo "no arguments: status $?"
grep -q '^Usage: dtrace ' "$err" && echo "usage printed"

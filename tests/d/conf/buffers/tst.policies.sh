#!/bin/bash
#
# The buffer options of the Guide's Buffers and Buffering chapter:
# bufpolicy switch, fill and ring, bufresize auto and manual, are
# accepted (as -x options and pragmas); other values are refused.

dtrace=$1
for o in bufpolicy=switch bufpolicy=fill bufpolicy=ring bufresize=auto \
    bufresize=manual; do
	"$dtrace" -q -x $o -n 'BEGIN { printf("ok\n"); exit(0); }' 2>&1
	echo "$o: $?"
done
"$dtrace" -q -x bufpolicy=circular -n 'BEGIN { exit(0); }' 2>&1
echo "bufpolicy=circular: $?"
"$dtrace" -q -x bufresize=sometimes -n 'BEGIN { exit(0); }' 2>&1
echo "bufresize=sometimes: $?"
"$dtrace" -qn '#pragma D option bufpolicy=ring
BEGIN { printf("pragma ok\n"); exit(0); }' 2>&1
echo "pragma: $?"

#!/bin/bash
#
# dtrace(1M) and Scripting chapters: operands after the script are its
# macro arguments: $1 as a D token (a number here), $$1 as a string; a
# reference to a missing one is an error unless -x defaultargs.
#
dtrace=$1
"$dtrace" -q -n 'BEGIN { printf("%d %s %s\n", $1 + 1, $$2, $$0 != "" ? "named" : "none"); exit(0); }' 41 word
"$dtrace" -q -x defaultargs -n 'BEGIN { printf("[%d] [%s]\n", $1, $$2); exit(0); }'
"$dtrace" -q -n 'BEGIN { trace($3); exit(0); }' a b 2>&1
echo "status $?"

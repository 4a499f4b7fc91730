#!/bin/bash
#
# dtrace(1M) chapter: a D program may come from several -n options,
# compiled and enabled in the order given.
#
dtrace=$1
"$dtrace" -q -n 'BEGIN { printf("first\n"); }' -n 'BEGIN { printf("second\n"); exit(0); }'

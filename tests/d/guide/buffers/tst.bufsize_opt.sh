#!/bin/bash
#
# Buffers and Buffering chapter: the buffer size is an option with a
# size suffix (k, m, g), given as -b, -x bufsize or a pragma; a size
# that cannot be parsed is refused.
#
dtrace=$1
for o in "-b 64k" "-x bufsize=2m" "-x bufsize=4096"; do
	"$dtrace" -q $o -n 'BEGIN { printf("ok\n"); exit(0); }' 2>&1
	echo "$o: $?"
done
"$dtrace" -q -n '#pragma D option bufsize=128k
BEGIN { printf("pragma ok\n"); exit(0); }' 2>&1
echo "pragma: $?"
"$dtrace" -q -x bufsize=lots -n 'BEGIN { exit(0); }' 2>&1
echo "bufsize=lots: $?"

#!/bin/bash
#
# The aggregation sorting options: by value (default), aggsortkey,
# aggsortrev (reverses the whole order, ties included), both, and
# aggsortkeypos choosing which key sorts first.

dtrace=$1
prog='BEGIN {
	@a["c", 1] = sum(10); @a["a", 3] = sum(30);
	@a["b", 2] = sum(20); @a["d", 0] = sum(20);
	exit(0);
}'
for o in "" "-x aggsortkey" "-x aggsortrev" "-x aggsortkey -x aggsortrev" \
    "-x aggsortkey -x aggsortkeypos=1"; do
	echo "== $o"
	"$dtrace" -q $o -n "$prog"
done

#!/bin/bash
#
# User probes are numbered past the kernel's, from 10000, as in DTrace
# where every kernel probe has its id first: a listing of a process's
# probes has ids five digits wide (no leading space, which scripts that
# cut the id off with 's/^[0-9]*//' rely on), kernel probes keep theirs,
# and a firing's id and description agree with the listing.
dtrace=$1
prog=$BDT_BUILD/tests/uprog
"$dtrace" -l -n 'dtrace:::BEGIN' | sed 1d | tr -s ' '
"$dtrace" -l -c "$prog" -n 'uprog$target:::pair' 2> /dev/null | sed 1d |
	sed -E 's/^[1-9][0-9]{4,} +uprog[0-9]+ /ID>=10000 uprogPID /' |
	tr -s ' '
"$dtrace" -q -c "$prog" -n 'uprog$target:::pair, uprog$target:::narrow
	{ printf("%s %s %d\n", probefunc, probename, id >= 10000); }' |
	grep "^usdt" | sort -u

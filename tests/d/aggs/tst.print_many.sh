#!/bin/bash
# An aggregation of 20,000 keys listed at exit: the text is written out
# a few thousand rows at a time (runtime/agg_act.c, print_entries), so
# the rows across those boundaries must come whole, once each and in
# DTrace's order (by value, then key).  The listing is checked row by
# row here rather than kept as 20,000 expected lines; the summary is
# the golden output.
dtrace=$1
"$dtrace" -q -c "$BDT_WORKLOAD -i 0 -c 20000 write" -n '
syscall::write:entry
/pid == $target/
{
	@[n++ % 20000] = count();
	@s[n % 3] = sum(n);
}

syscall::write:entry
/pid == $target && n == 20000/
{
	exit(0);
}' | awk '
NF == 0 { next }
NF == 2 && $1 == rows && $2 == 1 { rows++; next }
NF == 2 && rows == 20000 { sums++; next }
{ print "unexpected line " NR ": " $0; bad = 1 }
END { printf("%d rows in order, %d sums%s\n", rows, sums, bad ? ", bad" : "") }'

#!/bin/bash
# printa() of 30,000 keys, plain and with a format: the text is written
# out every few thousand rows as it is made (runtime/agg_act.c,
# do_printa; the session's flush hook), so the rows across those
# boundaries must come whole, once each and in DTrace's order (by
# value, then key), and the output of the clause around the printa()s
# in its place.  The rows are summed up.
dtrace=$1
"$dtrace" -q -x aggsize=16m -c "$BDT_WORKLOAD -i 0 -c 30000 write" -n '
syscall::write:entry
/pid == $target/
{
	n++;
	@[n] = sum(n % 3);
}

syscall::write:entry
/pid == $target && n == 30000/
{
	printf("plain\n");
	printa(@);
	printf("format\n");
	printa("%d=%@d\n", @);
	printf("end\n");
	exit(0);
}' | awk '
NF == 0 { next }
/^(plain|format|end)$/ { show(); part = $0; next }
NF == 2 { take($1, $2); next }
/^[0-9]+=[0-9]+$/ { split($0, kv, "="); take(kv[1], kv[2]); next }
{ print "unexpected line " NR ": " $0 }
function take(k, v) {
	rows++; keys += k; vals += v
	if (v != k % 3) wrong++
	if (rows > 1 && (v < lv || (v == lv && k + 0 <= lk))) order++
	lv = v; lk = k + 0
}
function show() {
	if (part != "")
		printf("%s: %d rows, keys %d, values %d, %d out of order, %d wrong\n",
		       part, rows, keys, vals, order, wrong)
	rows = keys = vals = order = wrong = 0
}
END { show(); print part }'

#!/bin/bash
# 100,000 keys of a string and an integer with avg() values listed at
# exit: each entry's map key and merged value share one record of the
# snapshot, and the radix sort's spare array then holds the gathered
# entries (runtime/agg.c, fmt_agg_sort.c), so every row must still come
# whole and once, in DTrace's order: by value, ties by key (the string,
# then the integer).  The records (about 300 bytes) make the snapshot's
# mappings grow past 4 MB by sizes that are not whole huge pages: they
# are advised for huge pages whole, as mremap() cannot move a range
# that advice on a part of it split in two (lib/arena.c, xmap_grow; a
# build without that died "out of memory" here).  Checked row by row;
# the summary is the golden output.
dtrace=$1
"$dtrace" -q -x aggsize=128m -c "$BDT_WORKLOAD -i 0 -c 100000 write" -n '
syscall::write:entry
/pid == $target/
{
	k = n++;
	@[k % 2 ? "odd" : "even", k] = avg(k % 7);
}

syscall::write:entry
/pid == $target && n == 100000/
{
	exit(0);
}' | awk '
NF == 0 { next }
NF == 3 {
	rows++
	if (seen[$1 " " $2]++) dup++
	if (rows > 1 && ($3 < lv || ($3 == lv && ($1 < ls ||
	    ($1 == ls && $2 + 0 < lk))))) order++
	if ($3 != $2 % 7 || ($1 == "odd") != ($2 % 2 == 1)) bad++
	lv = $3; ls = $1; lk = $2 + 0
	next
}
{ print "unexpected line " NR ": " $0; bad++ }
END { printf("%d rows, %d out of order, %d repeated, %d wrong\n",
	     rows, order, dup, bad) }'

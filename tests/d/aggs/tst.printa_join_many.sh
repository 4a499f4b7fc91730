#!/bin/bash
# printa(@a, @b) of 60,000 keys (40,000 in each, 20,000 in both): each
# key is looked up in each aggregation through a hash table of its
# entries (runtime/agg_act.c, key_index; looking them up one by one
# took minutes at this size).  Every key must come once with both
# values (0 where an aggregation lacks it), in the order of @a's values
# (then the keys).  The rows are summed up.
dtrace=$1
"$dtrace" -q -x aggsize=16m -c "$BDT_WORKLOAD -i 0 -c 40000 write" -n '
syscall::write:entry
/pid == $target/
{
	n++;
	@a[n] = count();
	@b[n + 20000] = sum(n % 2);
}

syscall::write:entry
/pid == $target && n == 40000/
{
	printa(@a, @b);
	exit(0);
}' | awk '
NF == 0 { next }
NF == 3 {
	rows++; a += $2; b += $3; keys += $1
	if ($2 && $3) both++
	if ($3 != ($1 > 20000 ? ($1 - 20000) % 2 : 0)) wrong++
	if (rows > 1 && ($2 < la || ($2 == la && $1 <= lk))) order++
	la = $2; lk = $1
	next
}
{ bad++ }
END { printf("%d rows, keys %d, @a %d, @b %d, %d in both, %d out of order, %d wrong, %d other lines\n",
	     rows, keys, a, b, both, order, wrong, bad) }'

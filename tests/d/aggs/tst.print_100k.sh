#!/bin/bash
# An aggregation of 100,000 keys listed at exit, read from the kernel
# in batches of thousands (BPF_MAP_LOOKUP_BATCH) and, with
# BDT_MAP_BATCH=0, entry by entry as on a kernel without batch
# operations (runtime/agg.c): each way, every key must be listed once,
# whole, with its value, in DTrace's order (by value, ties by key).
# The 100,000 rows are summed up rather than kept: the row count, the
# sums of keys and values, and any row out of order or wrong.
dtrace=$1
for batch in 1 0; do
	printf 'BDT_MAP_BATCH=%s: ' $batch
	BDT_MAP_BATCH=$batch "$dtrace" -q -x aggsize=16m \
	    -c "$BDT_WORKLOAD -i 0 -c 100000 write" -n '
	syscall::write:entry
	/pid == $target/
	{
		n++;
		@[n] = sum(n % 10);
	}

	syscall::write:entry
	/pid == $target && n == 100000/
	{
		exit(0);
	}' | awk '
	NF == 0 { next }
	NF == 2 {
		rows++; keys += $1; vals += $2
		if ($2 != $1 % 10) wrong++
		if (rows > 1 && ($2 < lv || ($2 == lv && $1 <= lk))) order++
		lv = $2; lk = $1
		next
	}
	{ bad++ }
	END { printf("%d rows, keys %d, values %d, %d out of order, %d wrong, %d other lines\n",
		     rows, keys, vals, order, wrong, bad) }'
done

#!/bin/bash
# trunc() and clear() of aggregations of 50,000 keys: the entries are
# deleted, or each CPU's value zeroed, thousands a system call
# (BPF_MAP_DELETE_BATCH, BPF_MAP_UPDATE_BATCH) and, with
# BDT_MAP_BATCH=0, one key a call as on a kernel without batch
# operations (runtime/agg.c, agg_zero_entries).  trunc(@a, 5) keeps the
# five greatest, clear(@b) keeps every key at 0, trunc(@c) leaves
# nothing.  The rows are summed up: for each printa(), how many and the
# sum of their values.
dtrace=$1
for batch in 1 0; do
	echo "BDT_MAP_BATCH=$batch:"
	BDT_MAP_BATCH=$batch "$dtrace" -q -x aggsize=16m \
	    -c "$BDT_WORKLOAD -i 0 -c 50000 write" -n '
	syscall::write:entry
	/pid == $target/
	{
		n++;
		@a[n] = sum(n);
		@b[n] = count();
		@c[n] = count();
	}

	syscall::write:entry
	/pid == $target && n == 50000/
	{
		trunc(@a, 5);
		clear(@b);
		trunc(@c);
		printf("@a\n");
		printa(@a);
		printf("@b\n");
		printa(@b);
		printf("@c\n");
		printa(@c);
		exit(0);
	}' | awk '
	NF == 0 { next }
	NF == 1 { flush(); name = $1; next }
	NF == 2 { rows++; sum += $2; if (name == "@a") last = last " " $1; next }
	{ print "unexpected: " $0 }
	function flush() {
		if (name != "")
			printf("  %s: %d rows, sum %d%s\n", name, rows, sum,
			       last != "" ? ", keys" last : "")
		rows = 0; sum = 0; last = ""
	}
	END { flush() }'
done

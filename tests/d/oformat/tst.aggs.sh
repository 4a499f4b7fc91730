#!/bin/bash
# -x oformat=json, the aggregations: every aggregating function, keys of
# several types, histogram buckets as objects (with their operator for
# lquantize()'s out-of-range buckets), printa() with a format (the line
# it prints as "message"), printa() of two aggregations, and those left
# for the end in the dtrace:INTERNAL:INTERNAL:AGGREGATIONS pseudo-probe
# (not @t, emptied by trunc(), as the text listing leaves it out).
# -O (FreeBSD's) is accepted.
dtrace=$1
"$dtrace" -O -x oformat=json -qn '
BEGIN
{
	@c["a", 1] = count();
	@c["a", 1] = count();
	@c["b", 2] = count();
	@s = sum(10);
	@a = avg(3);
	@a = avg(6);
	@mn = min(-4);
	@mx = max(9);
	@sd = stddev(2);
	@sd = stddev(4);
	@q = quantize(5);
	@q = quantize(100);
	@l = lquantize(-3, 0, 10, 5);
	@l = lquantize(7, 0, 10, 5);
	@l = lquantize(70, 0, 10, 5);
	@ll = llquantize(250, 10, 1, 3, 10);
	@t = count();
	trunc(@t);
	printa(@c);
	printa("%s/%d: %@d\n", @c);
	printa(@s, @a);
	exit(0);
}' | python3 "$(dirname "$0")/oformat.py" json --mask cpu

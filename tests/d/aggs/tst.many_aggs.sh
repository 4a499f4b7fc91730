#!/bin/bash
#
# Aggregations share maps by shape (a BPF program may use at most 64
# maps): one clause updates 150 keyed and 150 key-less aggregations, and
# each keeps its own entries; trunc() and clear() of one leave the
# others of its shape alone (the listing at exit is left out here).

dtrace=$1
{
	echo 'BEGIN {'
	for i in $(seq 0 149); do
		echo "	@k$i[$i] = sum($i); @n$i = count();"
	done
	echo '	trunc(@k7); clear(@n3);'
	echo '	printa("k1 %d %@d\n", @k1); printa("k149 %d %@d\n", @k149);'
	echo '	printa("k7 %d %@d\n", @k7);'
	echo '	printa("n3 %@d\n", @n3); printa("n4 %@d\n", @n4);'
	echo '	exit(0);'
	echo '}'
} | "$dtrace" -qs /dev/stdin | grep "^[kn]"
echo "status ${PIPESTATUS[1]}"

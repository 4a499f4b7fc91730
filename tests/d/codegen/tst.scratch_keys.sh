#!/bin/bash
# One clause of 100 statements, each keyed by string temporaries: an
# aggregation keyed by execname, probefunc and copyinstr(), an array
# element keyed by a strjoin() of copyinstr(), an if whose condition
# reads that element, and a sum of elements read with such keys.  Each
# statement's scratch, and each integer value's (an element read, a
# condition), is given back once it is consumed (cg_reclaim.c), so the
# clause needs the room of one statement: before, the strings of the
# conditions added up, and about twenty such ifs were "expression too
# complex"; in this clause, before, the 75th statement was.
dtrace=$1
n=100
d=$(mktemp --suffix=.d) || exit 1
out=$(mktemp) || exit 1
trap 'rm -f "$d" "$out"' EXIT

{
	echo 'int t, hit;'
	echo 'syscall::openat:entry'
	echo '/pid == $target && copyinstr(arg1) == "/etc/hostname"/'
	echo '{'
	for ((i = 1; i <= n; i++)); do
		case $((i % 4)) in
		0) echo "	@c[execname, probefunc, copyinstr(arg1), $i] = count();" ;;
		1) echo "	a[strjoin(copyinstr(arg1), \"#$i\")] = $i;" ;;
		2) echo "	if (a[strjoin(copyinstr(arg1), \"#$((i - 1))\")] == $((i - 1))) { hit++; }" ;;
		3) echo "	t += a[strjoin(copyinstr(arg1), \"#$((i - 2))\")] + a[strjoin(basename(copyinstr(arg1)), \"#$((i - 2))\")];" ;;
		esac
	done
	echo '}'
	echo 'END { printf("%d ifs hit, sum %d\n", hit, t); printa("%s %s %s %d %@d\n", @c); }'
} > "$d"
# the trace in a file, apart from what cat prints
"$dtrace" -q -c 'cat /etc/hostname' -o "$out" -s "$d" >/dev/null || echo "dtrace: status $?"
cat "$out"

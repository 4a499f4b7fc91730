#!/bin/bash
#
# stack() in BEGIN and END (fired by the consumer's test run of the
# program) starts below the program's own frame: the first frame is the
# kernel's code that ran it, never bdtrace's BPF program, and caller is
# the second frame stack() shows.

dtrace=$1
"$dtrace" -qn '
BEGIN
{
	stack(2);
	printf("caller %a\n", caller);
}
BEGIN
{
	exit(0);
}
END
{
	stack(1);
}' | awk '
NF == 0 { next }
$1 == "caller" { print (($2 == second) ? "caller is frame 2" : "caller " $2 " is not " second); n = 0; next }
{
	n++
	mod = $1; sub(/`.*/, "", mod)
	if (n == 2) second = $1
	print "frame " n ": " mod
}'
echo "status ${PIPESTATUS[0]}"

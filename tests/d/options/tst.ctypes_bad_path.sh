#!/bin/bash
#
# A -x ctypes or -x dtypes file that cannot be opened for writing is the
# option's error, as DTrace opens it when the option is set: on the
# command line (exit 1 before anything is compiled) and in a #pragma
# (a located D_PRAGMA_OPTSET).  A value is required.
#
dtrace=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

$dtrace -x ctypes="$dir/none/c.ctf" -n 'BEGIN { exit(0); }' 2>&1 |
	sed "s|$dir|DIR|g"
echo "exit ${PIPESTATUS[0]}"
$dtrace -x dtypes="$dir/none/d.ctf" -n 'BEGIN { exit(0); }' 2>&1 |
	sed "s|$dir|DIR|g"
echo "exit ${PIPESTATUS[0]}"
$dtrace -x dtypes -n 'BEGIN { exit(0); }' 2>&1
echo "exit $?"
cat > "$dir/p.d" <<D
#pragma D option ctypes=$dir/none/c.ctf
BEGIN { exit(0); }
D
$dtrace -x errtags -s "$dir/p.d" 2>&1 | sed "s|$dir|DIR|g"
echo "exit ${PIPESTATUS[0]}"
# a file that can be written is created as the option is set
$dtrace -x ctypes="$dir/c.ctf" -n 'BEGIN { exit(0); } BEGIN { x = ' \
	>/dev/null 2>&1
test -s "$dir/c.ctf" && echo "written after a compile error"

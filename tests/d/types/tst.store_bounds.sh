#!/bin/bash
#
# A variable subscript outside a global array faults when storing and
# when reading: "index out of bounds (i)", as in Oracle's DTrace, the
# clause abandoned, tracing going on; negative
# subscripts too.  A subscript inside the bounds works.
dtrace=$1
err=$(mktemp)
"$dtrace" -qs /dev/stdin 2> "$err" <<'D'
int a[4];
struct { int v[2]; } s;
BEGIN { i = 4; a[i] = 1; printf("not reached 1\n"); }
BEGIN { i = -1; a[i]++; printf("not reached 2\n"); }
BEGIN { i = 2; printf("%d\n", s.v[i]); }
BEGIN { i = 3; a[i] = 9; printf("a[3] = %d\n", a[i]); exit(0); }
D
echo "status $?"
sed 's/ at DIF offset [0-9]*$//' "$err"
rm -f "$err"

#!/bin/bash
#
# A subscript computed at run time is checked against the array's
# bound: outside a global array it faults "index out of bounds (i)" (as
# Oracle's DTrace reports it), outside an array held in a dynamic
# variable "invalid address" (the byte offset in the array), each time
# abandoning the clause only; &a[N] may point just past the end.
dtrace=$1
err=$(mktemp)
"$dtrace" -qs /dev/stdin 2> "$err" <<'D'
int g[3];
int cmds[int][2];
BEGIN { i = 3; g[i] = 1; printf("not reached 1\n"); }
BEGIN { i = 5; cmds[1][i - 3] = 1; printf("not reached 2\n"); }
BEGIN { i = 3; p = &g[i]; printf("past the end\n"); }
BEGIN { i = -2; trace(g[i]); }
BEGIN { i = 2; g[i] = 5; cmds[1][i - 1] = 6; printf("%d %d\n", g[i], cmds[1][1]); exit(0); }
D
echo "status $?"
sed 's/ at DIF offset [0-9]*$//' "$err"
rm -f "$err"

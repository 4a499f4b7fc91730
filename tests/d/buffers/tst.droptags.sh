#!/bin/bash
# -x droptags puts DTrace's DTRACEDROP_ tag before a drop report: two
# speculation() calls fail with one buffer, and a fault in an ERROR
# clause is counted as an error in the ERROR probe enabling (ERROR is
# not fired again for it).  Without the option, the same reports untagged.
dtrace=$1
err=$(mktemp)
script='
#pragma D option nspec=1
BEGIN { s1 = speculation(); s2 = speculation(); s3 = speculation();
	printf("%d %d %d\n", s1, s2, s3); }
BEGIN { *(int *)16; }
ERROR { printf("ERROR for probe %d\n", arg1); }
ERROR { *(int *)24; }
BEGIN { exit(0); }'
for o in -xdroptags -xquiet; do
	echo "== $o"
	"$dtrace" -q $o -n "$script" 2>"$err"
	sed 's/DIF offset [0-9]*/DIF offset N/' "$err"
done
rm -f "$err"

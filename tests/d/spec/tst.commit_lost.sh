#!/bin/bash
#
# A commit() whose control record finds the ring buffer full: the
# speculation's records are reported as a speculative drop and the
# speculation is freed, so that speculation() succeeds again (with
# nspec=1, the one speculation); before, it stayed active for good and
# every later speculation() failed.  BEGIN fills the 4k buffer with 200
# records before its commit().  Whether the tick's first speculation()
# comes before or after the consumer has freed the slot depends on
# timing, so "failed speculation" lines are left out.
# @@timeout: 30

dtrace=$1
err=$(mktemp)
trap 'rm -f "$err"' EXIT
fill=$(for i in $(seq 200); do echo "BEGIN { printf(\"fill %d\n\", $i); }"; done)
"$dtrace" -q -x nspec=1 -x bufsize=4k -n '
BEGIN { s = speculation(); printf("first speculation %d\n", s); }
BEGIN { speculate(s); printf("speculative, lost\n"); }' -n "$fill" -n '
BEGIN { commit(s); s = 0; }
tick-50ms { s = speculation(); }
tick-50ms /s/ { speculate(s); printf("speculative, committed\n"); }
tick-50ms /s/ { commit(s); }
tick-50ms /s/ { exit(0); }
tick-50ms /!s && ++k == 60/ { printf("no speculation after 3 s\n"); exit(1); }' \
	2> "$err" | grep -v '^fill '
echo "status ${PIPESTATUS[0]}"
# stderr after stdout: their order in one stream depends on timing
grep -v 'failed speculation' "$err" |
	sed 's/^dtrace: [0-9]* drops on CPU [0-9]*$/dtrace: N drops on CPU C/'

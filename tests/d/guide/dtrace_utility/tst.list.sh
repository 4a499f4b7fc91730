#!/bin/bash
#
# dtrace(1M) chapter, -l: list the probes matching -n or -P (instead
# of enabling them), each description in turn, in the ID PROVIDER MODULE FUNCTION NAME table.
# The probe ids depend on the system, so they are masked.
#
dtrace=$1
mask() { sed 's/^ *[0-9][0-9]* /   ID /'; }
"$dtrace" -l -n 'syscall::read:entry' | mask
echo "status $?"
"$dtrace" -l -P dtrace | mask
"$dtrace" -l -n 'syscall::write:' | mask
"$dtrace" -l -n 'dtrace:::BEGIN' -n 'dtrace:::END' | mask
# A description that matches nothing is reported, and the rest listed.
"$dtrace" -l -n 'nosuch:::probe' -n 'dtrace:::END' 2>&1 >/dev/null
echo "status $?"
"$dtrace" -l -n 'nosuch:::probe' -n 'dtrace:::END' 2>/dev/null | mask

#!/bin/bash
# -x oformat=json: a fault is a dtrace:INTERNAL:INTERNAL:ERROR object
# (and still DTrace's message on stderr; its DIF offset varies), drops are DROP objects with
# DTrace's DTRACEDROP_* kind (2: dynamic variables) and message.
dtrace=$1
"$dtrace" -x oformat=json -qn '
BEGIN
{
	trace(*(int *)8);
}
BEGIN
{
	exit(0);
}' 2>/dev/null | python3 "$(dirname "$0")/oformat.py" json --mask cpu --mask offset \
	--mask msg
"$dtrace" -x oformat=json -x dynvarsize=2k -qn '
profile-997
{
	a[timestamp] = 1;
}
tick-200ms
{
	exit(0);
}' 2>/dev/null | python3 "$(dirname "$0")/oformat.py" json --mask cpu \
	--mask id --mask count --mask total --mask msg | awk '!seen[$0]++'

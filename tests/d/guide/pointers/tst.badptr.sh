#!/bin/bash
#
# Pointers and Arrays, pointer safety: the Guide's badptr.d dereferences
# NULL; DTrace reports "invalid address (0x0)" for the action and carries
# on.  A second BEGIN clause exits so the test ends; the DIF offset is
# implementation-specific and filtered out.

dtrace=$1
$dtrace -q -s /dev/stdin <<'D' 2>&1 | sed 's/at DIF offset [0-9]*$/at DIF offset N/'
BEGIN
{
	x = (int *)NULL;
	y = *x;
	trace(y);
}

BEGIN
{
	exit(0);
}
D

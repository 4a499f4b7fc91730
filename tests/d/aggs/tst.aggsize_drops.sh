#!/bin/bash
#
# aggsize bounds an aggregation's entries (a key and its value each):
# with 512-byte string keys, 1k holds one, so the three keys after the
# first are aggregation drops, reported per CPU as DTrace reports them.

dtrace=$1
"$dtrace" -q -x droptags -x strsize=512 -x aggsize=1k -n '
BEGIN
{
	@["first"] = count();
	@["second"] = count();
	@["third"] = count();
	@["fourth"] = count();
	exit(0);
}' 2>&1 | sed 's/on CPU [0-9]*/on CPU N/'

#!/bin/bash
#
# ustack() without a frame count prints up to 100 frames (the
# ustackframes default of DTrace for Linux), so a 31-deep recursion is
# whole, not cut at illumos' 20; maxframes still caps it.  up_leaf is
# called from the bottom up_deep; main and libc's frames are left out.
dtrace=$1
prog=$BDT_BUILD/tests/uprog
script='
pid$target:a.out:up_deep:entry
/arg0 == 0/
{
	self->in = 1;
}

pid$target:a.out:up_leaf:entry
/self->in/
{
	ustack();
	self->in = 0;
}'
for opt in "" "-x maxframes=25"; do
	echo "== ${opt:-default}"
	$dtrace -q $opt -c "$prog deep" -n "$script" 2>/dev/null |
	    sed -e '/up_deep\|up_leaf/!d' -e 's/+0x[0-9a-f]*$/+OFF/' \
		-e 's/^ *//' | uniq -c
done

#!/bin/bash
# tracemem()'s prototype is Oracle's void(@, size_t, [size_t]): the
# argument count and the types of the size and length are checked as
# any function's, before tracemem()'s own checks (D_TRACEMEM_SIZE).
dtrace=$1
for call in 'tracemem(0)' 'tracemem(0, 4, 2, 1)' 'tracemem(0, "four")' \
    'tracemem(0, 4, "two")' 'tracemem(0, -4)'; do
	# DTrace's headline (and its continuation lines) only
	"$dtrace" -x errtags -e -n "BEGIN { $call; }" 2>&1 |
	    sed -n '/^<command-line>/q; s/^.*\[D_/[D_/; p'
done

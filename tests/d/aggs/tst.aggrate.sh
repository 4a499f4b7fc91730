#!/bin/bash
# aggrate: aggregations are read at most once per aggrate.  Slower than
# the printa() calls, every printa() of one period shows the count read
# at its start (1); faster, each printa() shows every update so far.
dtrace=$1
for rate in 1h 1ms; do
	echo "aggrate=$rate"
	"$dtrace" -q -x aggrate=$rate -n '
	tick-50ms
	{
		@ = count();
		printa("%@d\n", @);
	}

	tick-50ms
	/++n == 4/
	{
		exit(0);
	}'
done

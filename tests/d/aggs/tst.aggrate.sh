#!/bin/bash
# aggrate: aggregations are read at most once per aggrate, when the
# consumer wakes.  Slower than the printa() calls, every printa() of one
# period shows the count read at its start (1); faster, each printa()
# shows the count as of the consumer's last wake: never less than
# before, and the last one every update (4).
dtrace=$1
prog='
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
echo "aggrate=1h"
"$dtrace" -q -x aggrate=1h -n "$prog"
echo "aggrate=1ms"
"$dtrace" -q -x aggrate=1ms -n "$prog" | awk '
	NF { if ($1 < last) bad = 1; last = $1; n++ }
	END { print n " printa(), " (bad ? "going down" : "never down") ", last " last }'

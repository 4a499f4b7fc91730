#!/bin/bash
# aggrate: aggregations are read at most once per aggrate, when the
# consumer wakes, and printa() shows that period's snapshot.  Each
# printa() is made as dtrace's consumer goes back to waiting
# (epoll_wait's entry in dtrace's own process) after a tick has counted:
# its record wakes the consumer, which snapshots, if aggrate allows,
# after that count.  So with aggrate=1h every printa() shows the one
# snapshot (the first wake's), and with aggrate=1ms printa() number N
# shows at least N, never less than before: the last one 4.  No timing
# is assumed (a consumer that runs late only raises the numbers shown).
dtrace=$1
prog='
tick-50ms
/n < 4/
{
	@ = count();
	n++;
	printf("%s", "");	/* a record: it wakes the consumer */
}

syscall::epoll_wait:entry,
syscall::epoll_pwait:entry
/pid == $pid && shown < n/
{
	printf("%d ", ++shown);
	printa("%@d\n", @);
}

syscall::epoll_wait:entry,
syscall::epoll_pwait:entry
/pid == $pid && shown == 4/
{
	exit(0);
}'
echo "aggrate=1h"
"$dtrace" -q -x aggrate=1h -n "$prog" | awk '
	NF == 2 { if (n && $2 != first) diff = 1; if (!n) first = $2; n++ }
	END { print n " printa(), " (diff ? "different values" : "one snapshot") }'
echo "aggrate=1ms"
"$dtrace" -q -x aggrate=1ms -n "$prog" | awk '
	NF == 2 { if ($2 < last || $2 < $1) bad = 1; last = $2; n++ }
	END { print n " printa(), " (bad ? "one too low" : "each at least its number") ", last " last }'

#!/bin/bash
#
# -x switchrate: records are read once every switchrate, however soon
# they arrive (DTrace switches its buffers at that rate), so exit() in
# BEGIN ends tracing only at the first switch, 2 s in; without it they
# are read as they come.

dtrace=$1
start=$(date +%s%N)
"$dtrace" -x switchrate=2sec -qn 'BEGIN { printf("switched\n"); exit(0); }'
ms=$((($(date +%s%N) - start) / 1000000))
[ "$ms" -ge 1900 ] && echo "took 2 s" || echo "took only $ms ms"
start=$(date +%s%N)
"$dtrace" -qn 'BEGIN { printf("at once\n"); exit(0); }'
ms=$((($(date +%s%N) - start) / 1000000))
[ "$ms" -lt 1900 ] && echo "took less" || echo "took $ms ms"

#!/bin/bash
#
# dtrace(1M)'s exit statuses: 0 when tracing ran (whatever exit(0)
# said, the value of exit(N) otherwise), 1 for a compile error or a
# description matching no probe, 2 for bad usage.

dtrace=$1
"$dtrace" -qn 'BEGIN { exit(0); }'
echo "exit(0): $?"
"$dtrace" -qn 'BEGIN { exit(7); }'
echo "exit(7): $?"
"$dtrace" -qn 'BEGIN { trace(nosuchvar); }' 2> /dev/null
echo "compile error: $?"
"$dtrace" -qn 'nosuchprovider:::nosuchprobe' 2> /dev/null
echo "no probes: $?"
"$dtrace" -Zqn 'nosuchprovider:::nosuchprobe' -n 'BEGIN { exit(0); }' 2> /dev/null
echo "no probes with -Z: $?"
"$dtrace" -s /nonexistent/script.d 2> /dev/null
echo "missing script: $?"
"$dtrace" -y 2> /dev/null
echo "bad option: $?"

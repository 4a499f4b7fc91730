#!/bin/bash
#
# dtrace -l -n DESC lists only the probes DESC matches, and -l -P
# PROVIDER those of one provider.  Probe IDs other than the dtrace
# provider's vary, so they are replaced by N.

dtrace=$1

"$dtrace" -l -n syscall::read:entry | sed '2,$s/^ *[0-9]\{1,\} /    N /'
echo "status ${PIPESTATUS[0]}"
"$dtrace" -l -n 'syscall::read:' | sed '2,$s/^ *[0-9]\{1,\} /    N /'
echo "status ${PIPESTATUS[0]}"
"$dtrace" -l -P dtrace
echo "status $?"

#!/bin/bash
#
# Every destructive action needs -w: without it dtrace refuses to enable
# tracing, as DTrace does, and nothing is run (system()'s command, a
# freopen()'s file).  ftruncate() is not destructive (DTrace's library
# action): it only empties dtrace's own output.

dtrace=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for act in "system(\"touch $tmp/ran\")" "freopen(\"$tmp/reopened\")" \
	'raise(SIGCONT)' 'stop()' 'chill(1000)'; do
	"$dtrace" -q -n "BEGIN { $act; exit(0); }" 2>&1 | sed "s|$tmp|TMP|g"
	echo "${act%%(*}: status ${PIPESTATUS[0]}"
done
ls "$tmp"

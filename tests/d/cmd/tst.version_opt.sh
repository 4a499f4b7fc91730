#!/bin/bash
#
# The version option takes a D version the compiler implements: a
# malformed one and one it does not know are rejected with DTrace's
# messages, on the command line and in a pragma.

dtrace=$1
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
for v in 1.13 1.2.1 1.0 2.0 99.1 1.x 1 300.1; do
	printf '%s: ' "$v"
	"$dtrace" -q -x version="$v" -n 'BEGIN { printf("ok\n"); exit(0); }' 2>&1
done
printf '#pragma D option version=99.1\nBEGIN { exit(0); }\n' > "$d/v.d"
"$dtrace" -q -x errtags -s "$d/v.d" 2>&1 | grep '^dtrace:' | sed "s|$d/||"
echo "status ${PIPESTATUS[0]}"

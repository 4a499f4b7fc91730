#!/bin/bash
# tools/killsnoop.d NAME: kill(2) by a program of the test's own name:
# signal 0 to itself (0), SIGTERM to a pid that does not exist (-3,
# ESRCH).
dtrace=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp /bin/sh "$tmp/bdt-ksnoop"
printf '%s\n' "$tmp/bdt-ksnoop -c 'kill -0 \$\$; kill -15 999999 2>/dev/null; exit 0'" \
	> "$tmp/run.sh"
"$dtrace" -s tools/killsnoop.d -c "sh $tmp/run.sh" bdt-ksnoop |
	awk 'NF == 0 { next } NR == 1 { print; next }
	     { print ($1 ~ /^[0-9]+$/), $2, $3, ($4 == $1 ? "self" : $4), $5 }'

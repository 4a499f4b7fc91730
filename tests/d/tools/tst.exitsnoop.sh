#!/bin/bash
# tools/exitsnoop.d NAME: processes of the test's own name that exit
# with a status (3), and killed by a signal (9): how, and the code.
dtrace=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp /bin/sh "$tmp/bdt-exsnoop"
cat > "$tmp/run.sh" <<EOF2
$tmp/bdt-exsnoop -c 'exit 3'
$tmp/bdt-exsnoop -c 'kill -9 \$\$'
exit 0
EOF2
"$dtrace" -s tools/exitsnoop.d -c "sh $tmp/run.sh" bdt-exsnoop |
	awk 'NF == 0 { next } NR == 1 { print; next }
	     { print ($1 ~ /^[0-9]+$/ && $2 ~ /^[0-9]+$/ && $6 ~ /^[0-9]+$/),
	       $3, $4, $5 }'

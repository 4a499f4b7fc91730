#!/bin/bash
# tools/opensnoop.d NAME: a file opened and one that does not exist, by
# a program of the test's own name: the descriptor or -1, the errno,
# the path.
dtrace=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp /bin/cat "$tmp/bdt-osnoop"
"$dtrace" -s tools/opensnoop.d -c "$tmp/bdt-osnoop /etc/hostname /bdt-none" \
	bdt-osnoop 2>/dev/null | grep -E '^PID|/etc/hostname|/bdt-none' |
	awk 'NF == 0 { next } NR == 1 { print; next } { print ($1 ~ /^[0-9]+$/), $2, $3, $4, $5 }'

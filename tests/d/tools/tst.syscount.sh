#!/bin/bash
# tools/syscount.d with -c: the command's system calls by name (it
# exits once: one exit_group), then by process (its name).
dtrace=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp /bin/true "$tmp/bdt-sc"
"$dtrace" -s tools/syscount.d -c "$tmp/bdt-sc" | grep -E 'SYSCALL|exit_group'
"$dtrace" -s tools/syscount.d -c "$tmp/bdt-sc" proc |
	awk '/^COMM/ { print; next } NF { print $1, ($2 ~ /^[0-9]+$/), ($3 > 0) }'

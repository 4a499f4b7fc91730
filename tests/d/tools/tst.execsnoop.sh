#!/bin/bash
# tools/execsnoop.d NAME: a program of the test's own name, executed
# twice by a script that dtrace runs (-c), is shown twice with its pid,
# its parent's pid and its name.
dtrace=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp /bin/true "$tmp/bdt-xsnoop"
printf '%s\n' "$tmp/bdt-xsnoop" "$tmp/bdt-xsnoop" > "$tmp/run.sh"
"$dtrace" -s tools/execsnoop.d -c "sh $tmp/run.sh" bdt-xsnoop |
	awk 'NF == 0 { next } NR == 1 { print; next }
	     { print ($1 ~ /^[0-9]+$/ && $2 ~ /^[0-9]+$/ && $3 ~ /^[0-9]+$/),
	       $4, $5 }'

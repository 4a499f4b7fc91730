#!/bin/bash
# tools/biolatency.d with -c: histograms of the command's reads and
# writes (kwork io DIR) on the repository's device, per direction.
dtrace=$1
kwork=$BDT_BUILD/tests/kwork
dir=$(mktemp -d "$BDT_BUILD/tests/io-tool.XXXXXX")
trap 'rm -rf "$dir"' EXIT
dev=$(basename "$(findmnt -n -o SOURCE --target "$dir")")
"$dtrace" -s tools/biolatency.d -c "$kwork io $dir" |
	awk -v dev="$dev" '$1 == dev { print "DEV", $2, $3 }
	     /Distribution/ { print }' | sort | uniq -c

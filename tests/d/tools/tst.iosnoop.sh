#!/bin/bash
# tools/iosnoop.d DEVICE with -c: the command's (kwork io DIR) direct
# reads and writes of 64 KiB on the device under the repository's build
# directory: R and W, their size and the process; blocks and latencies
# are numbers.
dtrace=$1
kwork=$BDT_BUILD/tests/kwork
dir=$(mktemp -d "$BDT_BUILD/tests/io-tool.XXXXXX")
trap 'rm -rf "$dir"' EXIT
dev=$(basename "$(findmnt -n -o SOURCE --target "$dir")")
"$dtrace" -s tools/iosnoop.d -c "$kwork io $dir" "$dev" |
	awk -v dev="$dev" 'NR == 1 { print; next }
	     $5 ~ /^[0-9]+$/ && $3 ~ /^[0-9]+$/ && $1 == dev && $4 == 65536 {
		print "DEV", $2, $4, $7 | "sort -u" }'

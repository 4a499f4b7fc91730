#!/bin/bash
#
# A path longer than strsize - 1 bytes keeps its last components that
# fit: with strsize=32, /aaaaaaaaaa/bbbbbbbbbb/cccccccccc (33 bytes)
# loses its first component.

dtrace=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
d=$dir/aaaaaaaaaa/bbbbbbbbbb/cccccccccc
mkdir -p "$d"

cd "$d" && "$dtrace" -x strsize=32 -qn \
    'syscall::openat:entry /pid == $target/ { printf("%s\n", cwd); exit(0); }' \
    -c "$BDT_WORKLOAD open /dev/null"

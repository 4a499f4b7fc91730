#!/bin/bash
#
# cwd is the path of the current directory of the process a probe fires
# in: the workload started with -c in a fresh directory (and in a
# directory below it, reached through a symbolic link, which the path
# does not show).

dtrace=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir "$dir/sub"
ln -s "$dir/sub" "$dir/link"

prog='syscall::openat:entry /pid == $target/ { printf("%s\n", cwd); exit(0); }'
for d in "$dir" "$dir/link"; do
	(cd "$d" && "$dtrace" -qn "$prog" -c "$BDT_WORKLOAD open /dev/null") |
	    sed "s|^$dir|DIR|"
done

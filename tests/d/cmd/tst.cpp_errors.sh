#!/bin/bash
#
# -C: cpp reads the script on its standard input, as DTrace runs it, so
# its messages name /dev/stdin (with the script's own line numbers, past
# a #! line too, and no column, as DTrace shows them), and dtrace then
# says the preprocessor failed.
dtrace=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

printf '#!/usr/sbin/dtrace -Cs\n\n#if 1\nBEGIN { exit(0); }\n' > "$dir/unterminated.d"
printf 'BEGIN { exit(0); }\n#else\n' > "$dir/stray_else.d"
printf '\n#define\nBEGIN { exit(0); }\n' > "$dir/no_name.d"
for f in unterminated stray_else no_name; do
	(cd "$dir" && "$dtrace" -C -s $f.d 2>&1; echo "status $?") |
	    grep -e '^/dev/stdin:' -e '^dtrace:' -e '^status'
done

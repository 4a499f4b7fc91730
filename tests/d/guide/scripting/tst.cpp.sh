#!/bin/bash
#
# Scripting with the C preprocessor: -C runs the script through cpp, so
# #define macros and -D definitions on the command line expand in D.

dtrace=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/cpp.d" <<'D'
#define FOO 3
#define SQUARE(x) ((x) * (x))

BEGIN
{
	printf("%d %d %d\n", FOO, BAR, SQUARE(FOO + 1));
	exit(0);
}
D
$dtrace -q -C -D BAR=4 -s "$dir/cpp.d"

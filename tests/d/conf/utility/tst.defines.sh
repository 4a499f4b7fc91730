#!/bin/bash
#
# -C runs the C preprocessor over the program, with -D/-U macros and -I
# include directories; without -C, a # line other than a pragma is an
# error.

dtrace=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf '#define GREETING "hello"\n' > "$dir/greet.h"
cat > "$dir/prog.d" <<'EOD'
#include "greet.h"

BEGIN
{
	printf("%s %d\n", GREETING, VALUE);
#ifdef EXTRA
	printf("extra\n");
#endif
	exit(0);
}
EOD
"$dtrace" -q -C -I "$dir" -D VALUE=42 -D EXTRA -s "$dir/prog.d"
"$dtrace" -q -C -I "$dir" -D VALUE=7 -D EXTRA -U EXTRA -s "$dir/prog.d"
"$dtrace" -q -s "$dir/prog.d" > /dev/null 2>&1
echo "without -C: $?"

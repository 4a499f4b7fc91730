#!/bin/bash
#
# -x cppargs as dtrace's first argument, its value words with spaces:
# a first argument with a space is split into words only when dtrace
# runs as the interpreter of the file that follows it (the kernel's
# "#!" line), so these are cpp's words, not dtrace's options.  -H
# makes cpp list the headers it reads; -dM leaves only #define lines,
# which D rejects.

dtrace=$1
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
echo 'typedef int word_t;' > w.h
cat > s.d <<'D'
#include "w.h"
BEGIN
{
	printf("%d %d\n", A + B, sizeof (word_t));
	exit(0);
}
D
"$dtrace" -xcppargs='-DA=1 -DB=2 -I.' -qCs s.d
echo "status $?"
"$dtrace" -xcppargs='-H -dM -I.' -qCs s.d 2>&1 | grep -E '^\. |^dtrace:'
echo "status ${PIPESTATUS[0]}"

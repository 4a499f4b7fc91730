#!/bin/bash
#
# -C's preprocessor and its arguments: -x define/undef/incdir are -D,
# -U and -I; -x cppargs adds words of its own; -x cpppath names another
# preprocessor (its failure is DTrace's "Preprocessor failed ...");
# DTRACE_OPT_NAME in the environment sets an option as -x does; cpp reads
# the script as /dev/stdin, past an interpreter file's "#!" line; and a
# D program may not set these options itself.

dtrace=$1
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
mkdir inc
echo 'typedef char small_t;' > inc/small.h
cat > s.d <<'D'
#include "small.h"
BEGIN
{
#ifdef __linux
	printf("linux %s %d\n", WORD, sizeof (small_t));
#else
	printf("no linux %s %d\n", WORD, sizeof (small_t));
#endif
	exit(0);
}
D
"$dtrace" -qC -x define=WORD='"defined"' -x incdir=inc -s s.d
"$dtrace" -qC -x undef=__linux -D WORD='"minus-D"' -I inc -s s.d
"$dtrace" -qC -x cppargs='-DWORD="cppargs" -Iinc' -s s.d
DTRACE_OPT_CPPARGS='-DWORD="env" -Iinc' "$dtrace" -qC -s s.d
# cpp's messages name /dev/stdin, then DTrace's line
"$dtrace" -qC -x cppargs=-fno-diagnostics-show-caret -s s.d 2>&1 |
    grep -v '^compilation'
echo "status ${PIPESTATUS[0]}"
"$dtrace" -qC -x cpppath=/bin/false -s s.d 2>&1
echo "status $?"
"$dtrace" -qC -x cpppath=/nonexistent/cpp -s s.d 2>&1
echo "status $?"
printf '#!/usr/sbin/dtrace -Cqs\n#if 1\nBEGIN { printf("line %%d\\n", __LINE__); exit(0); }\n#endif\n' > i.d
"$dtrace" -Cqs i.d
printf '#pragma D option define=X=1\nBEGIN { exit(0); }\n' > p.d
"$dtrace" -qs p.d 2>&1 | head -1

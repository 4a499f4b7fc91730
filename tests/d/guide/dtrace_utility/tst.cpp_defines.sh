#!/bin/bash
#
# dtrace(1M) chapter, -C and -D: the script goes through the C
# preprocessor, with macros defined on the command line.
#
dtrace=$1
tmp=$(mktemp /tmp/bdtrace-guide-cpp.XXXXXX.d)
cat > "$tmp" <<'D'
#ifdef GREETING
BEGIN { printf("%s %d\n", GREETING, COUNT); exit(0); }
#else
BEGIN { printf("no greeting\n"); exit(0); }
#endif
D
"$dtrace" -q -C -D GREETING='"hello"' -D COUNT=3 -s "$tmp"
"$dtrace" -q -C -s "$tmp"
rm -f "$tmp"

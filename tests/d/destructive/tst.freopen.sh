#!/bin/bash
# freopen(): output goes to a file (appended to), then back to stdout;
# ftruncate() empties the file first.
dtrace=$1
f=$(mktemp /tmp/bdtrace-freopen.XXXXXX)
echo old > "$f"
"$dtrace" -wq -n "BEGIN { freopen(\"$f\"); ftruncate(); printf(\"to file\n\"); freopen(\"\"); printf(\"to stdout\n\"); exit(0); }"
echo "rc $?"
cat "$f"
rm -f "$f"

#!/bin/bash
#
# The notices on stderr: "description 'D' matched N probe(s)" for each
# -n and each -P/-m/-f/-i, "script 'F' matched N probes" for -s; -q
# silences them.

dtrace=$1
script=$(mktemp --suffix=.d)
trap 'rm -f "$script"' EXIT
printf 'BEGIN\n{\n\texit(0);\n}\n\nEND\n{\n}\n' > "$script"
"$dtrace" -n 'BEGIN { exit(0); }' 2>&1 >/dev/null
"$dtrace" -n 'BEGIN,END { exit(0); }' 2>&1 >/dev/null
"$dtrace" -n 'BEGIN' -n 'END' -n 'tick-1ms { exit(0); }' 2>&1 >/dev/null
"$dtrace" -s "$script" 2>&1 >/dev/null | sed "s|$script|SCRIPT|"
"$dtrace" -q -s "$script" 2>&1 >/dev/null
echo done

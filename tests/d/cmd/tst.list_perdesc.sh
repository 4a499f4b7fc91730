#!/bin/bash
#
# dtrace -l lists what each description matches, in command-line order,
# under one heading: a probe two descriptions match is listed twice, as
# dtrace(1M) does (it iterates the probes of each description in turn).
# The same holds for the descriptions of one clause and for the clauses
# of a -s script.

dtrace=$1
script=$(mktemp --suffix=.d)
trap 'rm -f "$script"' EXIT

"$dtrace" -l -n BEGIN -n BEGIN
echo "status $?"
"$dtrace" -l -n END -P dtrace
echo "status $?"
"$dtrace" -l -n 'BEGIN, END, BEGIN'
echo "status $?"
printf 'BEGIN { trace(1); trace(2); }\nBEGIN, END {}\n' > "$script"
"$dtrace" -l -s "$script"
echo "status $?"

#!/bin/bash
#
# -e -v: the stability report of a program compiled and not run, one a
# program, each named as the "matched" notice names it (a description
# cropped at its clause), then each of its descriptions with the
# attributes and argument types of the first probe it matches.

dtrace=$1
"$dtrace" -e -v -n 'dtrace:::BEGIN { trace(htonl(1)); }' \
	-n 'BEGIN { trace(1); }'
echo "exit $?"

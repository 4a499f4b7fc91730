#!/bin/bash
#
# -P, -m and -f take a probe description that ends at the provider,
# module or function (dtrace_xstr2desc()): "-f a:b" is module a,
# function b; a description with more fields than that leaves room for
# is "Overspecified", one leading ':' aside.  A number among descriptions
# is a probe id (-i, or any description list), permitted only where
# descriptions end at the name.  Errors are DTrace's line, then located.

dtrace=$1
# the source line and caret under a located error are left out
run() {
	"$dtrace" "$@" 2>&1 | sed '/^<command-line>:/{n;N;d}'
	echo "status ${PIPESTATUS[0]}"
}
run -e -P dtrace
run -e -m ':genunix::'
run -e -f ':genunix::'
run -e -f '::read:'
run -e -P 'profile:::'
run -e -m 'genunix:{ trace(1); }'
run -e -f 4.56
run -e -i 0-2
run -e -i 2-2
run -e -i 99999999999
run -q -i 1 -n 'BEGIN { printf("BEGIN by id\n"); exit(0); }'
# -l: compile errors fail, descriptions matching nothing are reported
run -l -i 2-2
"$dtrace" -l -f 'read/probename == "entry"/{ trace(1); }' |
    awk '{ print $2, $3, $4, $5 }'
run -l -P 'profile:::'

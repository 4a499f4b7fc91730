#!/bin/bash
#
# Option values: sizes take k, m, g, t suffixes (any case), times take
# ns, us, ms, s, hz (and the longer spellings); bad values and unknown
# names are refused with DTrace's messages and status 1.

dtrace=$1
ok() {
	"$dtrace" -q "$@" -n 'BEGIN { exit(0); }' 2>&1
	echo "$* -> $?"
}
ok -x bufsize=4k
ok -x bufsize=4K
ok -x bufsize=1m
ok -b 2m
ok -x switchrate=10hz
ok -x switchrate=250ms
ok -x switchrate=1sec
ok -x statusrate=100us
ok -x strsize=64
ok -x nspec=4
ok -x bufsize=abc
ok -x switchrate=10parsecs
ok -x nosuchoption
ok -x nosuchoption=3

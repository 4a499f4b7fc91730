#!/bin/bash
#
# A library loaded while tracing stops the process (the r_brk hook's
# SIGSTOP, then the program compiled again) only when a description can
# find probes in it: pid and USDT providers named for the process, or a
# provider glob.  A program of kernel probes alone (here proc's, which
# see that SIGSTOP) leaves the process alone; a dozen libraries, as a
# Python start loads, would otherwise hold it for a compilation each.
dtrace=$1
prog="$BDT_BUILD/tests/uprog dlopen $(cd "$BDT_BUILD/tests" && pwd)/libuprog.so"
script='
proc:::signal-send
/pid == $target && args[2] == SIGSTOP/
{
	n++;
}

END
{
	printf("stops while loading: %s\n", n > 0 ? "some" : "none");
}'
"$dtrace" -q -n "$script" -c "$prog" 2> /dev/null
echo "status $?"
"$dtrace" -Z -q -n "$script" -n 'pid$target:libuprog.so:up_lib:entry
	{ printf("up_lib entered\n"); }' -c "$prog" 2> /dev/null
echo "status $?"

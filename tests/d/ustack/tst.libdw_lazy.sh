#!/bin/bash
#
# libdw (user symbols) is loaded when a stack is first symbolized, not
# at start-up: dtrace's own maps name it only after ustack() printed.
#
dtrace=$1

"$dtrace" -qw -n 'BEGIN
{
	system("grep -c libdw /proc/%d/maps", pid);
	ustack();
	system("grep -c libdw /proc/%d/maps", pid);
	exit(0);
}' | grep -E '^[0-9]+$' | sed 's/^[1-9][0-9]*$/mapped/'

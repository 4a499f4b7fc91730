#!/bin/bash
#
# system(): a value from the traced system (here a file name a process
# opens) is one single-quoted word of the command line, so it cannot add
# commands; the script's own format and constants are shell text as
# before.  With -x rawstrings the value is pasted as it is, as DTrace
# does (and the name's second command runs).

dtrace=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
name='bdt-x;echo${IFS}INJECTED'
cmd="cat $tmp/$name"
prog='syscall::openat:entry /pid == $target &&
    strstr(copyinstr(arg1), "bdt-") != NULL/ {
	system("echo %s %s", "opened", basename(copyinstr(arg1))); }'

"$dtrace" -wq -c "$cmd" -n "$prog" 2> /dev/null
echo "status $?"
echo "== rawstrings"
"$dtrace" -wq -x rawstrings -c "$cmd" -n "$prog" 2> /dev/null
echo "status $?"

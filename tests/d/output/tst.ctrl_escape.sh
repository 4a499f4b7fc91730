#!/bin/bash
#
# Control characters in traced data (here the file names a process
# opens) are written escaped, so that a traced process cannot drive the
# terminal: by printf's %s (width and precision apply to the value),
# trace() and printa(); valid UTF-8 is kept.  The script's own format
# text and string constants are never altered, and -x rawstrings writes
# traced text as it is.  Bytes are shown with cat -v.

dtrace=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# a name with an OSC title sequence, a backspace, a C1 CSI and UTF-8
# text; cat fails to open it, but the open is traced
name=$'bdt-\e]0;pwned\a-\b-\xc2\x9b31m-caf\xc3\xa9'
cmd="cat $tmp/$name"
pred='/pid == $target && strstr(copyinstr(arg1), "bdt-") != NULL/'

show() { cat -v; }

echo "== printf"
"$dtrace" -q -c "$cmd" -n "syscall::openat:entry $pred {
	printf(\"\\033[1m%s\\033[0m|%-50s|%.8s|%s\\n\",
	    basename(copyinstr(arg1)), basename(copyinstr(arg1)),
	    basename(copyinstr(arg1)), \"\\033[0m\"); }" | show
echo "== trace"
"$dtrace" -q -c "$cmd" -n "syscall::openat:entry $pred {
	trace(basename(copyinstr(arg1))); printf(\"\\n\"); }" | show
echo "== printa"
"$dtrace" -q -c "$cmd" -n "syscall::openat:entry $pred {
	@[basename(copyinstr(arg1))] = count(); }
	END { printa(\"%s %@d\\n\", @); }" | show
echo "== rawstrings"
"$dtrace" -q -x rawstrings -c "$cmd" -n "syscall::openat:entry $pred {
	printf(\"%s\\n\", basename(copyinstr(arg1))); }" | show

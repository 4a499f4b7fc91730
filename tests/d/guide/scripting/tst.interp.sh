#!/bin/bash
#
# Scripting, interpreter files: a script starting with
# "#!/usr/sbin/dtrace -s" made executable runs as a command; here the
# interpreter line names the dtrace under test, and the script's own
# "#pragma D option quiet" replaces -q.

dtrace=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/hello.d" <<D
#!$dtrace -s

#pragma D option quiet

BEGIN
{
	printf("hello from an interpreter file\n");
	exit(0);
}
D
chmod +x "$dir/hello.d"
"$dir/hello.d"

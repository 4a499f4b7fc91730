#!/bin/bash
#
# Kernel symbols from /proc/kallsyms: %a prints "vmlinux`func+0xoff"
# ("vmlinux`func" at its first byte), sym() and func() the function
# alone and mod() the module, each as "  %-50s"; an address no symbol
# covers prints raw.  The address of vfs_read is passed as $1.

dtrace=$1
addr=0x$(awk '$3 == "vfs_read" && ($2 == "T" || $2 == "t") { print $1; exit }' /proc/kallsyms)

"$dtrace" -qs /dev/stdin "$addr" <<'D'
BEGIN
{
	printf("%a|%a|%a|\n", $1, $1 + 0x10, (uintptr_t)0x10);
	printf("[%30a]\n", $1);
	trace(sym($1 + 4));
	printf("|\n");
	trace(func($1));
	printf("|\n");
	trace(mod($1 + 1));
	printf("|\n");
	x = sym($1 + 2);
	trace(x);
	printf("|\n");
	exit(0);
}
D
echo "status $?"

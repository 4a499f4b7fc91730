#!/bin/bash
#
# -x linkmode and -x knodefs, as DTrace applies them to kernel symbols:
# "kernel" (the default), "static" and "primary" (vmlinux is the primary
# module) put a symbol's address in the program; "dynamic" leaves every
# kernel symbol to be relocated at load time, which is an error
# (D_ASRELO, "relocation remains") unless -x knodefs permits it; -x kdefs
# takes the permission back, the last of the two counting.  A permitted
# symbol is resolved as it is compiled, so the program runs as before.
# A function's address stands for any kernel symbol: data symbols need
# CONFIG_KALLSYMS_ALL.
dtrace=$1
prog='BEGIN { printf("%a\n", (uintptr_t)&`vfs_read); exit(0); }'
for o in "" "-xlinkmode=static" "-xlinkmode=kernel" "-xlinkmode=primary" \
	"-xlinkmode=dynamic" "-xlinkmode=dynamic -xknodefs" \
	"-xlinkmode=dynamic -xknodefs -xkdefs" \
	"-xlinkmode=dynamic -xkdefs -xknodefs" "-xlinkmode=foo"; do
	echo "try $o"
	# shellcheck disable=SC2086
	"$dtrace" $o -qn "$prog" 2>&1 | sed -n '1{s/(offset 0x[0-9a-f]*)/(offset N)/;p;}'
	echo "status ${PIPESTATUS[0]}"
done
# sizeof and typeof-like uses put no address in the program
"$dtrace" -xlinkmode=dynamic -qn 'BEGIN { printf("%d\n", sizeof (`vfs_read) > 0); exit(0); }'
echo "status $?"

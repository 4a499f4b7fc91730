#!/bin/bash
#
# -x noresolve: user addresses as "module:0xOFFSET" and no symbols, in
# ustack(), uaddr() and usym() alike (usym() is not rounded down to its
# symbol); umod() is the module still.  The offset is from the module's
# start, the ELF address in a PIE program: up_leaf's own, as nm says.
dtrace=$1
prog=$BDT_BUILD/tests/uprog
leaf=$(nm "$prog" | awk '$3 == "up_leaf" { print $1 }' | sed 's/^0*//')
leaf2=$(printf '%x' $((0x$leaf + 2)))
$dtrace -x noresolve -q -c "$prog calls" -n '
pid$target:a.out:up_leaf:entry
{
	ustack(1);
	printf("%s\n", "uaddr usym umod:");
	trace(uaddr(uregs[R_PC] + 2));
	trace(usym(uregs[R_PC] + 2));
	trace(umod(uregs[R_PC] + 2));
	printf("\n");
}' 2>/dev/null | sed -e "s/0x$leaf2\b/UP_LEAF+2/g" -e "s/0x$leaf\b/UP_LEAF/g" \
	-e 's/ *$//'
echo "status ${PIPESTATUS[0]}"

#!/bin/bash
# -x oformat=json: print() as FreeBSD's "type" list: the object (its
# type, BTF id, address), then each non-zero member with its path, type
# and value; a kernel struct, a nested one, and an int.
# @@trigger: workload -n bdt-ofprint -c 1 writehex 020000000000000040e201000000000000000000000000002a00000000000000
dtrace=$1
"$dtrace" -x oformat=json,pretty -qn '
syscall::write:entry
/execname == "bdt-ofprint"/
{
	print((struct timespec64 *)copyin(arg1, 16));
	print((struct list_head *)copyin(arg1 + 16, 16));
	print((int *)copyin(arg1 + 24, 4));
	exit(0);
}' | python3 "$(dirname "$0")/oformat.py" json --mask cpu --mask id \
	--mask address --mask ctfid

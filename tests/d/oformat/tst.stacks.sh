#!/bin/bash
# -x oformat=json: stack() (each frame's symbol, module, name and offset,
# checked, then counted: the kernel's frames vary), ustack() of the
# workload's known frames, sym() and mod() of an address no symbol
# holds, usym(), umod() and uaddr(), and a stack as an aggregation key.
# @@trigger: workload -n bdt-ofstack calls
dtrace=$1
"$dtrace" -x oformat=json -qn '
syscall::getppid:entry
/execname == "bdt-ofstack"/
{
	stack();
	ustack(3);
	sym(0);
	mod(0);
	usym(uregs[R_PC]);
	umod(uregs[R_PC]);
	uaddr(uregs[R_PC]);
	@[ustack(2)] = count();
	exit(0);
}' | python3 "$(dirname "$0")/oformat.py" json --mask cpu --mask id --mask offset \
	--mask symbol --mask uaddr --kstack

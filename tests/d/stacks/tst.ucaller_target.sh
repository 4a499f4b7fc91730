#!/bin/bash
#
# With -c (or -p), %A of a plain address the record does not name a
# process for (an aggregation key of ucaller, printed by printa) is named
# in $target's process, as in DTrace.  The workload's system call is made
# from wl_leaf(), called by wl_mid(): ucaller is in wl_mid().

dtrace=$1
"$dtrace" -qs /dev/stdin -c "$BDT_WORKLOAD -n bdt-uctarget calls" <<'D' |
syscall::getppid:entry
/pid == $target/
{
	@[ucaller] = count();
	exit(0);
}

END
{
	printa("%A %@d|\n", @);
	printa("[%-30A]\n", @);
}
D
	sed 's/+0x[0-9a-f]*/+OFF/'

#!/bin/bash
#
# The classic fbt examples, as written (on Linux 6.10 and later the
# functions are __kmalloc_noprof and kmem_cache_alloc_noprof):
#   fbt::__kmalloc:entry /execname == "sh"/ { trace(arg0); }
#   fbt::kmem_cache_alloc:entry { @[stack()] = count(); }
# A shell forking in a loop allocates; the first prints one size, the
# second stacks that all start at the function itself.
#
# @@needs: kprobes
dtrace=$1
suffix=
if "$dtrace" -l -n fbt::__kmalloc_noprof:entry 2> /dev/null | grep -q noprof; then
	suffix=_noprof
fi
sh -c 'while :; do /bin/true; done' &
sh=$!
"$dtrace" -n "fbt::__kmalloc$suffix:entry /execname == \"sh\"/ { trace(arg0); exit(0); }" 2> /dev/null |
	awk 'NR == 1 { print } NR == 2 { print $3, ($4 > 0 ? "size" : $4) }' |
	sed "s/_noprof//"
"$dtrace" -qn "fbt::kmem_cache_alloc$suffix:entry { @[stack()] = count(); } tick-1s { exit(0); }" |
	awk -v f="vmlinux\`kmem_cache_alloc$suffix+" '
		/^ *$/ { top = 1; next }
		/^ *[0-9]+$/ { stacks++; next }
		top { top = 0; if (index($1, f) != 1) bad++ }
		/bpf_|kprobe|trampoline/ { bad++ }
		END { print (stacks > 0 ? "stacks" : "no stacks"), bad + 0, "bad" }'
kill $sh

#!/bin/bash
#
# One clause whose probes are in two processes, each running its own
# file: the offset probe of the second process is on an instruction the
# kernel puts no uprobe on (lock prefix), that of the first is not.  The
# refusal names the second process's probe, whichever order the
# descriptions come in, not the clause's first probe.  With uprobe_multi
# links (Linux 6.6) and without (BDT_UPROBE_MULTI=0).
dtrace=$1
dir=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2> /dev/null; rm -rf "$dir"' EXIT
cd "$dir" || exit 1
for v in ok bad; do
	if [ $v = ok ]; then at1=nop; else at1='lock incl (%rdi)'; fi
	printf '%s\n' '#include <fcntl.h>' '#include <unistd.h>' \
	    "__asm__(\".text\\n.globl rs_f\\n.type rs_f, @function\\n\"" \
	    "\"rs_f:\\n nop\\n $at1\\n ret\\n.size rs_f, . - rs_f\\n\");" \
	    'int main(int argc, char **argv)' \
	    '{ close(creat(argv[1], 0600)); pause(); return 0; }' > rs$v.c
	gcc -O1 -o rs$v$$ rs$v.c || exit 1
	"./rs$v$$" "ready$v" &
	pids+=($!)
done
for i in $(seq 100); do
	[ -e readyok ] && [ -e readybad ] && break
	sleep 0.1
done
ok="pid${pids[0]}:rsok$$:rs_f:1"
bad="pid${pids[1]}:rsbad$$:rs_f:1"
for m in 1 0; do
	echo "BDT_UPROBE_MULTI=$m:"
	for d in "$ok, $bad" "$bad, $ok"; do
		BDT_UPROBE_MULTI=$m "$dtrace" -q -n "$d {}" 2>&1 |
		    sed -e "s|pid${pids[1]}:rsbad$$:|pidBAD:rsbad:|" \
			-e "s|at 0x[0-9a-f]* of $dir/rsbad$$|at OFF of rsbad|"
		echo "status ${PIPESTATUS[0]}"
	done
done

#!/bin/bash
#
# An offset probe on an instruction the kernel puts no uprobe on (one with
# a lock prefix), in a file that two processes run: a glob over every
# process (pid*) finds it in both, and the refusal, which is the file's,
# names the glob's probe, not the first process's; a description that
# names a process (pid$target, with -p) names that process's.  With
# uprobe_multi links (Linux 6.6) and without (BDT_UPROBE_MULTI=0, a perf
# event a uprobe, as on older kernels).
dtrace=$1
dir=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2> /dev/null; rm -rf "$dir"' EXIT
cd "$dir" || exit 1
# a name of this run's own, so that no other process's file is found
name=lkw$$
cat > lk.c <<'C'
#include <fcntl.h>
#include <unistd.h>

/* lk_f (never called): a nop, then an instruction with a lock prefix */
__asm__(".text\n"
	".globl lk_f\n"
	".type lk_f, @function\n"
	"lk_f:\n"
	"	nop\n"
	"	lock incl (%rdi)\n"
	"	ret\n"
	".size lk_f, . - lk_f\n");

/* says it runs (creates argv[1]), then waits to be killed */
int main(int argc, char **argv)
{
	close(creat(argv[1], 0600));
	pause();
	return 0;
}
C
gcc -O1 -o "$name" lk.c || exit 1
for i in 1 2; do
	"./$name" "ready$i" &
	pids+=($!)
done
for i in $(seq 100); do
	[ -e ready1 ] && [ -e ready2 ] && break
	sleep 0.1
done
show() {
	sed -e "s|$dir/$name|DIR/LK|; s|$name|LK|g; s|pid${pids[0]}:|pidPID:|" \
	    -e 's/instruction at 0x[0-9a-f]*/instruction at OFF/'
}
for m in 1 0; do
	echo "BDT_UPROBE_MULTI=$m:"
	BDT_UPROBE_MULTI=$m "$dtrace" -q -n "pid*:$name:lk_f:1 {}" 2>&1 | show
	echo "status ${PIPESTATUS[0]}"
	BDT_UPROBE_MULTI=$m "$dtrace" -q -p "${pids[0]}" \
	    -n "pid\$target:$name:lk_f:1 {}" 2>&1 | show
	echo "status ${PIPESTATUS[0]}"
done

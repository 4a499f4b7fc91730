#!/bin/bash
#
# Without bpf_send_signal_task() (before Linux 6.13; BDT_FORK_KFUNC=0
# takes that way on any kernel), a forked child stops itself as it
# first returns from fork(), on the system call's exit tracepoint,
# before its first instruction: the probes of a process named by its
# id (fn$target) fire in its children as with the kfunc (tst.fork), and
# a provider glob (fn*) reaches them through the file (tst.fork_glob).
dtrace=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
cat > fn.c <<'C'
#include <sys/sdt.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
	DTRACE_PROBE1(fn, go, 0);
	if (fork() == 0) {
		DTRACE_PROBE1(fn, go, 1);
		return 0;
	}
	wait(NULL);
	DTRACE_PROBE1(fn, go, 2);
	return 0;
}
C
gcc -O1 -o fn fn.c || exit 1
for prov in 'fn$target' 'fn*'; do
	echo "$prov:"
	BDT_FORK_KFUNC=0 "$dtrace" -q -c ./fn -n "$prov"':::go
	{
		printf("go %d %s\n", arg0, pid == $target ? "self" : "child");
	}' | sort
done

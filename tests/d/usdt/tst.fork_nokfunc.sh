#!/bin/bash
#
# Before Linux 6.13 (no bpf_send_signal_task()), a forked child cannot
# be stopped before it runs, so the probes of a process named by its id
# (fn$target, pid$target) do not follow its children: only the parent's
# own firings are seen.  A provider glob (fn*) still reaches them (its
# uprobes are the file's, tst.fork_glob).
# @@needs: !ksym:bpf_send_signal_task
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
	"$dtrace" -q -c ./fn -n "$prov"':::go
	{
		printf("go %d %s\n", arg0, pid == $target ? "self" : "child");
	}' | sort
done

#!/bin/bash
#
# A program that one of dtrace's own system() commands starts, directly
# or through a shell, has its probes found as it starts (a provider glob
# over every process), and the children it forks afterwards are
# followed: they fire its probes (`probeprov` names the parent's
# provider) from fork() on, although a glob that does not end in '*'
# puts no uprobe in every process that maps the file.  The shell
# itself, which has no probes, is only watched.  Both with
# bpf_send_signal_task() (Linux 6.13) and without it (BDT_FORK_KFUNC=0,
# the way of older kernels).
dtrace=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
cat > sf.c <<'C'
#include <stdlib.h>
#include <sys/sdt.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 0;

	DTRACE_PROBE1(sfprov, go, n);
	if (fork() == 0) {
		DTRACE_PROBE1(sfprov, go, n + 10);
		return 0;
	}
	wait(NULL);
	return 0;
}
C
gcc -O1 -o sf sf.c || exit 1
for k in 1 0; do
	echo "BDT_FORK_KFUNC=$k:"
	BDT_FORK_KFUNC=$k "$dtrace" -qZw -n '
	BEGIN
	{
		system("'"$dir"'/sf 1");
		system("sh -c \"'"$dir"'/sf 2; true\"");
		system("'"$dir"'/sf 99");	/* the end */
	}
	sfprov*[0-9]:::go
	{
		printf("go %d: %s probe\n", arg0,
		    probeprov == strjoin("sfprov", lltostr(pid)) ? "its own" :
		    probeprov == strjoin("sfprov", lltostr(ppid)) ?
		    "its parent'"'"'s" : "another");
	}
	sfprov*[0-9]:::go
	/arg0 == 99/
	{
		exit(0);
	}' | LC_ALL=C sort
	echo "status ${PIPESTATUS[0]}"
done

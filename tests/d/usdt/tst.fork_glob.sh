#!/bin/bash
#
# A provider glob's probes fire in the children the traced process forks
# on every kernel, with or without bpf_send_signal_task() (Linux 6.13),
# which following the children of fk$target needs: the glob's uprobes
# are in the file, for every process that maps it, so a child has them
# from its first instruction after fork().  The USDT semaphore is raised
# in the children too (guarded fires there).
dtrace=$1
cd "$(mktemp -d)" || exit 1
trap 'rm -rf "$PWD"' EXIT
cat > fg.c <<'C'
#include <sys/wait.h>
#include <unistd.h>
#define _SDT_HAS_SEMAPHORES 1
#include <sys/sdt.h>

unsigned short fg_go_semaphore __attribute__((section(".probes")));
unsigned short fg_guarded_semaphore __attribute__((section(".probes")));

int main(void)
{
	int gen = 0;

	DTRACE_PROBE1(fg, go, gen);
	for (int i = 0; i < 2; i++)
		if (fork() == 0) {
			gen++;
			DTRACE_PROBE1(fg, go, gen);
			if (fg_guarded_semaphore)
				DTRACE_PROBE1(fg, guarded, gen);
		} else {
			wait(NULL);
		}
	return 0;
}
C
gcc -O1 -o fg fg.c || exit 1
"$dtrace" -q -c ./fg -n '
fg*:::go, fg*:::guarded
{
	printf("%s %d %s\n", probename, arg0, pid == $target ? "self" : "child");
}' | sort

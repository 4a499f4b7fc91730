#!/bin/bash
#
# Probes enabled for a process fire in the children it forks and in
# theirs, before they can run past fork(): a USDT probe, a USDT probe
# guarded by its semaphore, and a pid entry probe, in a -c process and
# in a -p one; the parent's own firings are unchanged, and threads are
# not children.  (The child is stopped by bpf_send_signal_task(), a
# kfunc of Linux 6.13, or stops itself as it first returns from fork()
# before: the 6.1 guest runs this test too.)
# (Two dtrace runs and a compilation: the emulated guest needs the time.)
# @@timeout: 40
dtrace=$1
. "$(dirname "$0")/../../umem.sh"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
cat > fk.c <<'C'
#define _SDT_HAS_SEMAPHORES 1
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/sdt.h>
#include <sys/wait.h>
#include <unistd.h>

unsigned short fk_go_semaphore __attribute__((section(".probes")));
unsigned short fk_guarded_semaphore __attribute__((section(".probes")));

__attribute__((noinline)) int work(int gen)
{
	DTRACE_PROBE1(fk, go, gen);
	if (fk_guarded_semaphore)
		DTRACE_PROBE1(fk, guarded, gen);
	return gen;
}

static void *thread(void *arg)
{
	work(9);
	return arg;
}

int main(int argc, char **argv)
{
	pthread_t t;

	if (argc > 1)	/* -p: wait to be grabbed */
		while (access(argv[1], F_OK) != 0)
			usleep(10000);
	work(0);
	if (fork() == 0) {
		work(1);
		if (fork() == 0)
			exit(work(2) - 2);
		wait(NULL);
		exit(0);
	}
	wait(NULL);
	pthread_create(&t, NULL, thread, NULL);
	pthread_join(t, NULL);
	work(3);
	return 0;
}
C
gcc -O1 -o fk fk.c -lpthread || exit 1
script='
fk$target:::go, fk$target:::guarded
{
	printf("%s %d %s\n", probename, arg0, pid == $target ? "self" : "child");
}
pid$target:a.out:work:entry
{
	printf("entry %d %s\n", arg0, pid == $target ? "self" : "child");
}'
echo "-c:"
"$dtrace" -q -c ./fk -n "$script" | sort
echo "-p:"
./fk "$dir/go" & pid=$!
# grabbed only once it is fk: $! is the shell's child, which may not have
# exec'd yet (dtrace would grab the shell and find no fk probes)
umem_wait $pid "$dir/fk"
"$dtrace" -q -p $pid -n "$script" -n 'BEGIN { system("touch '"$dir"'/go"); }' -w | sort
touch "$dir/go"	# (should dtrace have failed)
wait $pid

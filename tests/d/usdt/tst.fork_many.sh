#!/bin/bash
#
# A process followed leaves the map of the processes followed when it
# exits: 60 children, each forking a grandchild, all fire their
# ancestor's probes although the map holds 8 processes at once
# (BDT_FOLLOW_MAX=8; 4096 by default), and the end of one of its
# threads does not make it leave; with bpf_send_signal_task() and
# without it (BDT_FORK_KFUNC=0, the way of kernels before 6.13).  Were
# an exited child left in the map, it would be full after a few
# children and the grandchildren of the later ones would be missed.
# @@timeout: 60
dtrace=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
cat > fm.c <<'C'
#include <pthread.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

__attribute__((noinline)) int work(int gen)
{
	__asm__ volatile("" ::: "memory");
	return gen;
}

/* a child of generation gen, which makes one of the next (up to 2) */
static void spawn(int gen)
{
	pid_t child = fork();

	if (child == 0) {
		work(gen);
		if (gen < 2)
			spawn(gen + 1);
		_exit(0);
	}
	waitpid(child, NULL, 0);
}

static void *thread(void *arg)
{
	return arg;
}

int main(void)
{
	pthread_t t;

	/* a thread that ends first: the process goes on being followed */
	pthread_create(&t, NULL, thread, NULL);
	pthread_join(t, NULL);
	work(0);
	for (int i = 0; i < 60; i++)
		spawn(1);
	return 0;
}
C
gcc -O1 -o fm fm.c -lpthread || exit 1
for k in 1 0; do
	echo "BDT_FORK_KFUNC=$k:"
	BDT_FOLLOW_MAX=8 BDT_FORK_KFUNC=$k "$dtrace" -q -c ./fm -n '
	pid$target:a.out:work:entry
	{
		@[arg0 == 0 ? "self" : arg0 == 1 ? "child" : "grandchild"] =
		    count();
	}
	END
	{
		printa("%s %@d\n", @);
	}'
	echo "status $?"
done

#!/bin/bash
#
# USDT arguments that are variables (the notes' "-8@sa_count(%rip)",
# "-4@16+sa_table(%rip)") are read where each process that fires has
# them.  A provider glob's probes are attached to the file for every
# process (its later ones included), and a position-independent program
# loads at another address in each: a process that started before
# tracing (its own probe), two that start while it runs and a process
# of a file no process mapped when tracing began (the file's own probe)
# each read their own values.
dtrace=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/symargs.c" <<'C'
#include <stdlib.h>
#include <unistd.h>
#include <sys/sdt.h>

long sa_count;
int sa_table[8];

/* out of line, so the variables are read from memory at the probe */
static void __attribute__((noinline)) fire(void)
{
	DTRACE_PROBE2(symargs, values, sa_count, sa_table[4]);
}

int main(int argc, char **argv)
{
	sa_count = argc > 1 ? atol(argv[1]) : 0;
	sa_table[4] = (int)sa_count * 2;
	do {
		fire();
		if (argc > 2)
			usleep(100000);
	} while (argc > 2);
	return 0;
}
C
cc -O2 -fPIE -pie -o "$tmp/symargs" "$tmp/symargs.c" || exit 1
# the compiler wrote the arguments as variables, not registers
readelf -n "$tmp/symargs" | grep -o 'Arguments: .*'
export PATH=$tmp:$PATH
. "$(dirname "$0")/../../umem.sh"
. "$(dirname "$0")/../../dtgo.sh"
trace() {
	"$dtrace" -qw -n "$(dtgo_begin "$tmp")"'
symargs*:symargs::values
/pid == $1 && !seen/
{
	seen = 1;
	printf("running: %d %d\n", arg0, arg1);
}
symargs*:symargs::values
/pid != $1/
{
	printf("new: %d %d\n", arg0, arg1);
	n++;
}
symargs*:symargs::values
/n == $2 && (seen || $1 == 0)/
{
	exit(0);
}' "$@" > "$tmp/out" 2>&1 & dt=$!
	dtgo_wait "$tmp"
	setsid symargs 7
	setsid symargs 9
	wait $dt
	echo "status $?"
	# the running process fires every 100 ms: before or after the others
	sort "$tmp/out"
}
symargs 5 wait & old=$!
umem_wait $old symargs
trace $old 2
kill $old
wait $old 2> /dev/null
# no process maps it: the file's probe, its arguments read all the same
trace 0 2
exit 0

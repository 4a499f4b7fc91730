#!/bin/bash
#
# With -Z, a provider glob that matches no process yet finds the
# programs dtrace's system() starts (through a shell): each is stopped
# as it starts, the program compiled again against it, its probes
# attached, and it goes on, so none of its firings is missed (on any
# kernel: the exec hook stops it, not the fork hook).
dtrace=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
cat > np.c <<'C'
#include <sys/sdt.h>

int main(int argc, char **argv)
{
	DTRACE_PROBE1(npprov, first, argc);
	DTRACE_PROBE1(npprov, second, 42);
	DTRACE_PROBE(npprov, done);
	return 0;
}
C
gcc -o np np.c || exit 1
"$dtrace" -qwZ -n '
BEGIN
{
	system("'"$dir"'/np a b");
}
npprov*:::first, npprov*:::second
/progenyof($pid)/
{
	printf("%s %d\n", probename, arg0);
}
npprov*:::done
/progenyof($pid)/
{
	printf("done\n");
	exit(0);
}' 2>&1
echo "status $?"

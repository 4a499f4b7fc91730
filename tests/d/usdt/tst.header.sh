#!/bin/bash
#
# dtrace -h writes a header whose PROVIDER_PROBE() macros compile to SDT
# notes with semaphores, needing no <sys/sdt.h> and no link step: a C
# and a C++ program built with it are traced.  The header embeds the
# provider definition, so args[] have its types, and an argument
# mapping ("go(int a, char *b) : (char *b, int a)") reorders them;
# PROVIDER_PROBE_ENABLED() is true while the probe is traced.
dtrace=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
cat > myprov.d <<'D'
provider myprov {
	probe zero();
	probe query__start(char *, int);
	probe go(int a, char *b) : (char *b, int a);
	probe narrow(signed char, unsigned short, uint64_t);
	probe guarded(int);
};
D
"$dtrace" -h -s myprov.d || exit 1
cat > use.c <<'C'
#include "myprov.h"

int main(int argc, char **argv)
{
	char q[] = "select";

	MYPROV_ZERO();
	MYPROV_QUERY_START(q, 42);
	MYPROV_GO(-7, argv[0]);
	MYPROV_NARROW(-2, 65535, 1ULL << 40);
	if (MYPROV_GUARDED_ENABLED())
		MYPROV_GUARDED(1);
	return 0;
}
C
cc -Wall -Werror -O2 -o use use.c || exit 1
cp use.c use.cc
c++ -Wall -Werror -O2 -o usexx use.cc || exit 1
for prog in ./use ./usexx; do
	"$dtrace" -q -c "$prog" -n '
myprov$target:::zero
{
	printf("%s:%s:%s\n", probemod == "use" || probemod == "usexx" ?
	       "use" : probemod, probefunc, probename);
}
myprov$target:::query-start
{
	printf("%s %s %d\n", probename, copyinstr((uintptr_t)args[0]), args[1]);
}
myprov$target:::go
{
	printf("%s %s %d\n", probename, basename(copyinstr((uintptr_t)args[0])),
	       args[1]);
}
myprov$target:::narrow
{
	printf("%s %d %d %d\n", probename, args[0], args[1], args[2]);
}
myprov$target:::guarded
{
	printf("%s %d\n", probename, args[0]);
}'
	echo "status $?"
done
"$dtrace" -lv -c ./use -n 'myprov$target:::go' | grep 'args\['

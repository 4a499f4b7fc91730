#!/bin/bash
#
# dtrace -G as on illumos and FreeBSD, for programs written for DTrace:
# DTrace's <sys/sdt.h> makes each probe site a call to
# __dtrace_<provider>___<probe>() (a stand-in for that header is made
# here, with the same macros), and is-enabled tests from DTrace's own
# headers call __dtraceenabled_<provider>___<probe>().  -G rewrites the
# objects' probe calls into nops that SDT notes describe, and writes
# provider.o, which defines the semaphores and the is-enabled functions;
# the program is linked with it and traced: probefunc is the calling
# function, arguments come from the call's registers and stack (the
# seventh on), and the provider definition types args[].  A tail call to
# a probe is patched too.
dtrace=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
mkdir sys
cat > sys/sdt.h <<'H'
/* DTrace's probe-site ABI, for this test */
#define DTRACE_PROBE(p, n) { \
	extern void __dtrace_##p##___##n(void); __dtrace_##p##___##n(); }
#define DTRACE_PROBE2(p, n, a, b) { \
	extern void __dtrace_##p##___##n(unsigned long, unsigned long); \
	__dtrace_##p##___##n((unsigned long)(a), (unsigned long)(b)); }
#define DTRACE_PROBE8(p, n, a, b, c, d, e, f, g, h) { \
	extern void __dtrace_##p##___##n(unsigned long, unsigned long, \
	    unsigned long, unsigned long, unsigned long, unsigned long, \
	    unsigned long, unsigned long); \
	__dtrace_##p##___##n((unsigned long)(a), (unsigned long)(b), \
	    (unsigned long)(c), (unsigned long)(d), (unsigned long)(e), \
	    (unsigned long)(f), (unsigned long)(g), (unsigned long)(h)); }
H
cat > prov.d <<'D'
provider lnk {
	probe start();
	probe pair(int, char *);
	probe eight(int, int, int, int, int, int, int, int);
	probe tail(int);
};
D
cat > a.c <<'C'
#include <sys/sdt.h>

extern int __dtraceenabled_lnk___pair(void);
void tailer(int x);

int main(int argc, char **argv)
{
	DTRACE_PROBE(lnk, start);
	if (__dtraceenabled_lnk___pair())
		DTRACE_PROBE2(lnk, pair, -5, argv[0]);
	DTRACE_PROBE8(lnk, eight, 1, 2, 3, 4, 5, 6, 7, 8);
	tailer(argc);
	return 0;
}
C
cat > b.c <<'C'
#include <sys/sdt.h>

void tailer(int x);

__attribute__((noinline)) void tailer(int x)
{
	DTRACE_PROBE2(lnk, tail, x * 9, 0);
}
C
cc -O2 -I. -c a.c b.c || exit 1
"$dtrace" -G -s prov.d a.o b.o || exit 1
ls prov.o
cc -o prog a.o b.o prov.o || exit 1
"$dtrace" -q -c ./prog -n '
lnk$target:::start
{
	printf("%s:%s:%s\n", probemod, probefunc, probename);
}
lnk$target:::pair
{
	printf("%s %s %d %s\n", probefunc, probename, args[0],
	       basename(copyinstr((uintptr_t)args[1])));
}
lnk$target:::eight
{
	printf("%s %d %d %d %d %d %d %d %d\n", probename, arg0, arg1, arg2,
	       arg3, arg4, arg5, arg6, arg7);
}
lnk$target:::tail
{
	printf("%s %s %d\n", probefunc, probename, arg0);
}'
echo "status $?"

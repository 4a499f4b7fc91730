# -h: a <sys/sdt.h> header for a provider definition
dtrace=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/myprov.d" <<'D'
provider myprov {
	probe query__start(char *, int);
	probe done();
	probe tick(void);
};
D
$dtrace -h -s "$dir/myprov.d" && cat "$dir/myprov.h"
# and it is valid C for a program placing the probes (a stand-in
# <sys/sdt.h>: the system's may not be installed)
mkdir -p "$dir/sys"
cat > "$dir/sys/sdt.h" <<'H'
#define DTRACE_PROBE(p, n) do { } while (0)
#define DTRACE_PROBE2(p, n, a, b) do { (void)(a); (void)(b); } while (0)
H
cat > "$dir/use.c" <<'C'
#include "myprov.h"
int main(void)
{
	if (MYPROV_QUERY_START_ENABLED())
		MYPROV_QUERY_START("q", 1);
	MYPROV_DONE();
	MYPROV_TICK();
	return 0;
}
C
cc -Wall -Werror -I "$dir" -o "$dir/use" "$dir/use.c" && "$dir/use" && echo compiled

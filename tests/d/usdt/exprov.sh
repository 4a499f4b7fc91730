# exprov.sh: sourced by the shell tests of programs started while
# tracing (tst.exec_descendants, tst.oformat_provider).
#
#   exprov_build DIR    builds DIR/ex, whose USDT probe exprov:::go fires
#                       once with its first argument (a number) as arg0
#   exprov_setup        a scratch directory in $dir (removed at exit),
#                       made the current one, with ex built there

exprov_build() {
	cat > "$1/ex.c" <<'C'
#include <stdlib.h>
#include <sys/sdt.h>

int main(int argc, char **argv)
{
	DTRACE_PROBE1(exprov, go, argc > 1 ? atoi(argv[1]) : 0);
	return 0;
}
C
	gcc -O1 -o "$1/ex" "$1/ex.c"
}

exprov_setup() {
	dir=$(mktemp -d)
	trap 'rm -rf "$dir"' EXIT
	cd "$dir" || exit 1
	exprov_build "$dir" || exit 1
}

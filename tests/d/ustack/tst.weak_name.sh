#!/bin/bash
#
# An address with a global and a weak name (as glibc's __strdup and its
# weak alias strdup) is printed by the name libproc prefers, the one with
# fewer leading underscores, whichever of them the symbol table lookup
# finds first: ufunc(), usym() and ustack() alike.
dtrace=$1
tmp=$(mktemp -d)
cat > "$tmp/wk.c" <<'C'
int __dup2x(int a) { return 2 * a; }
#pragma weak dup2x = __dup2x
int dup2x(int a);
volatile int sink;
int main(void)
{
	sink = dup2x(21);
	return 0;
}
C
cc -O0 -o "$tmp/wk" "$tmp/wk.c" || exit 1
"$dtrace" -q -c "$tmp/wk" -n '
pid$target:a.out:dup2x:entry
{
	ufunc(uregs[R_PC]);
	usym(uregs[R_PC]);
	printf("\n");
	ustack(1);
}'
echo "status $?"
rm -rf "$tmp"

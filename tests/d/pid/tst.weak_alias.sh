#!/bin/bash
#
# Aliases of one function: the probe is named by the name libproc
# prefers, a global or weak name before a local one, then fewer leading
# underscores (pub is named "pub", not by its weak alias "_pub"; the
# static priv by its weak alias "_priv").  A clause whose two
# descriptions both name the probe runs twice per firing, once per
# description, as DTrace enables a clause once for each.
dtrace=$1
tmp=$(mktemp -d)
cat > "$tmp/weak.c" <<'C'
#pragma weak _pub = pub
#pragma weak _priv = priv
int _pub(int a);
int _priv(int a);
int pub(int a) { return a + 1; }
static __attribute__((noinline, used)) int priv(int a) { return a + 2; }
volatile int sink;
int main(void)
{
	sink = _pub(1);
	sink = _priv(2);
	return 0;
}
C
cc -O0 -o "$tmp/weak" "$tmp/weak.c" || exit 1
"$dtrace" -q -c "$tmp/weak" -n '
pid$target:a.out:pub:entry, pid$target:a.out:_pub:entry,
pid$target:a.out:priv:entry, pid$target:a.out:_priv:entry
{
	printf("%s %d #%d\n", probefunc, arg0, ++n[probefunc]);
}'
echo "status $?"
rm -rf "$tmp"

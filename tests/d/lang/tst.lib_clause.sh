# A probe clause in a D library is compiled, as DTrace compiles it, and
# never enabled: its errors are the library's, named "FILE", line N, as
# DTrace names a library's errors; a clause without errors does nothing.
dtrace=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
mkdir good bad
cat > good/lib.d <<'LIB'
inline int LIBVAL = 7;
BEGIN
{
	printf("library clause ran\n");
}
LIB
cat > bad/lib.d <<'LIB'
BEGIN
{
	nonexistent_action();
}
LIB
$dtrace -xlibdir=good -qn 'BEGIN { printf("%d\n", LIBVAL); exit(0); }'
echo "status $?"
$dtrace -xlibdir=bad -qn 'BEGIN { exit(0); }' 2> err
echo "status $?"
head -n 1 err

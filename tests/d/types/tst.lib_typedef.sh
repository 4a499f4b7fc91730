#!/bin/bash
#
# A typedef that a D library declares is a type name in the scripts
# that use the library, where the grammar must tell a type from an
# expression: a cast, sizeof's operand, a declaration.  With -l too,
# which compiles without the libraries.
dtrace=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/lib"
cat > "$tmp/lib/pair.d" <<'LIB'
typedef struct pair {
	int a;
	int b;
} pair_t;
LIB
cat > "$tmp/s.d" <<'D'
#pragma D option quiet

pair_t global;

BEGIN
{
	this->p = (pair_t *)alloca(sizeof (pair_t));
	this->p->a = 3;
	this->p->b = 4;
	global = *this->p;
	printf("%d %d %d\n", global.a, global.b, sizeof (pair_t));
	exit(0);
}
D
"$dtrace" -L "$tmp/lib" -s "$tmp/s.d"
echo "status $?"
"$dtrace" -L "$tmp/lib" -l -s "$tmp/s.d" | sed 's/ \{2,\}/ /g'
echo "status $?"

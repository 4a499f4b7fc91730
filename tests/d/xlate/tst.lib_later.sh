#!/bin/bash
#
# A library translator's member expressions are parsed at load, for
# their syntax errors, then dropped and parsed again at the
# translator's first use (compile/parse_later.c): the parse at use sees
# the typedef names declared before the translator (in a cast, in
# sizeof), several translators and members each give their own values,
# an error in a member of a translator no script uses is still
# reported at load, where it is, and a member's type error at its
# use, at the member's line and column.
dtrace=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/lib" "$tmp/bad" "$tmp/type"
cat > "$tmp/lib/later.d" <<'LIB'
typedef int count_t;
typedef struct in { int x; int y; } in_t;
typedef struct out { int sum; int diff; long size; int neg; } out_t;
typedef struct out2 { int twice; } out2_t;

translator out_t < in_t *p > {
	sum = (count_t)(p->x + p->y);
	diff = p->x - p->y;
	size = sizeof (count_t) + sizeof (in_t);
	neg = -(p->x);
};

translator out2_t < in_t *p > {
	twice = 2 * p->x;
};
LIB
cat > "$tmp/bad/bad.d" <<'LIB'
typedef struct bin { int x; } bin_t;
typedef struct bout { int v; } bout_t;

translator bout_t < bin_t *p > {
	v = p->x +;
};
LIB
cat > "$tmp/type/type.d" <<'LIB'
typedef struct tin { int x; } tin_t;
typedef struct tout { int v; int w; } tout_t;

translator tout_t < tin_t *p > {
	v = p->x;
	w = p->x +
	    p->nosuch;
};
LIB
cat > "$tmp/s.d" <<'D'
#pragma D option quiet

BEGIN
{
	this->p = (in_t *)alloca(sizeof (in_t));
	this->p->x = 7;
	this->p->y = 3;
	printf("%d %d %d %d\n", xlate <out_t *> (this->p)->sum,
	    xlate <out_t *> (this->p)->diff, xlate <out_t *> (this->p)->size,
	    xlate <out_t *> (this->p)->neg);
	printf("%d\n", xlate <out2_t *> (this->p)->twice);
	exit(0);
}
D
"$dtrace" -L "$tmp/lib" -s "$tmp/s.d"
echo "status $?"
"$dtrace" -L "$tmp/bad" -qn 'BEGIN { exit(0); }' 2>&1 | sed "s|$tmp|TMP|g"
echo "status ${PIPESTATUS[0]}"
"$dtrace" -L "$tmp/type" -qn 'BEGIN { exit(0); }'
echo "status $?"
"$dtrace" -L "$tmp/type" -qn 'BEGIN { trace(xlate <tout_t *> ((tin_t *)0)->v); }' 2>&1 |
	sed "s|$tmp|TMP|g"
echo "status ${PIPESTATUS[0]}"

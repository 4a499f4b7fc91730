#!/bin/bash
#
# -X (the stdc option) picks the preprocessor's C dialect under -C:
# a, c and t keep __STDC__ defined; s is K&R C only, without it.

dtrace=$1
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cat > "$d/s.d" <<'D'
BEGIN
{
#ifdef __STDC__
	printf("stdc\n");
#else
	printf("k&r\n");
#endif
	exit(0);
}
D
for m in a c s t; do
	printf '%s: ' "$m"
	"$dtrace" -q -C -X "$m" -s "$d/s.d"
done
printf 'x: '
"$dtrace" -q -x stdc=x -s "$d/s.d" 2>&1
echo "status $?"

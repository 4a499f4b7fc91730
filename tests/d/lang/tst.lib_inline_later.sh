#!/bin/bash
#
# A library inline's initializer is parsed at load, for its syntax
# errors, then dropped and parsed again at the inline's first use
# (compile/parse_later.c): the parse at use sees the typedef names
# declared before the inline (in a cast, in sizeof) and not those
# declared after it, an inline may use another, a string inline keeps
# its value, an error in an inline no script uses is still reported at
# load, where it is, and a type error at the inline's use, at its line
# and column (at the name used in the initializer when it is undefined).
dtrace=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/lib" "$tmp/bad" "$tmp/type"
cat > "$tmp/lib/later.d" <<'LIB'
typedef unsigned char small_t;
inline int WIDE = 300;
inline small_t NARROW = (small_t)WIDE;
inline long SIZE = sizeof (small_t) + sizeof (long);
inline string NAME = "later";
inline int TWICE = 2 *
    WIDE;
typedef int small_t2;
inline int LAST = (small_t2)7;
LIB
cat > "$tmp/bad/bad.d" <<'LIB'
inline int GOOD = 1;
inline int BAD = 2 +;
LIB
cat > "$tmp/type/type.d" <<'LIB'
inline int FINE = 3;
inline int WRONG =
    "text";
inline int UNDEF = 1 +
    nosuchvar;
LIB
# dtrace -L DIR PROGRAM, its messages with the temporary directory
# named TMP, and its exit status
run() {
	"$dtrace" -L "$tmp/$1" -qn "$2" 2>&1 | sed "s|$tmp|TMP|g"
	echo "status ${PIPESTATUS[0]}"
}
run lib 'BEGIN { printf("%d %d %d %s %d %d\n", WIDE, NARROW, SIZE, NAME,
    TWICE, LAST); exit(0); }'
run bad 'BEGIN { exit(0); }'
run type 'BEGIN { trace(FINE); exit(0); }'
run type 'BEGIN { trace(WRONG); }'
run type 'BEGIN { trace(UNDEF); }'

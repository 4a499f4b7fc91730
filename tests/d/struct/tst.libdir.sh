# -L adds a library directory: its inlines are in scope, it may depend on
# a shipped library, and a library depending on a missing provider is
# left out silently.
dtrace=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/mine.d" <<'LIB'
#pragma D depends_on library errno.d
inline int MY_ERR = ENOENT + 100;
inline string MY_NAME = "mine";
LIB
cat > "$dir/other.d" <<'LIB'
#pragma D depends_on provider nosuchprovider
inline int MY_ERR = 1;
LIB
$dtrace -L "$dir" -qn 'BEGIN { printf("%s %d\n", MY_NAME, MY_ERR); exit(0); }'

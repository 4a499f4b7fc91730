# -e without a program compiles the D libraries and stops: a library
# whose dependency (here on an absent module) is unmet is left out,
# with whatever depends on it, silently; a library with an error fails.
dtrace=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/top.d" <<'EOD'
#pragma D depends_on library mid.d
inline int top_val = mid_val + 1;
EOD
cat > "$dir/mid.d" <<'EOD'
#pragma D depends_on module no_such_module_here
inline int mid_val = 6;
EOD
$dtrace -L "$dir" -e
echo "chain: $?"
echo 'inline int broken = ;' > "$dir/broken.d"
$dtrace -L "$dir" -e 2>/dev/null
echo "broken: $?"

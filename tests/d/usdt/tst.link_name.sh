# -G's object without -o, as DTrace names it: NAME.o in the current
# directory for a script dir/NAME.d, d.out for a script not named *.d
# (a script read from /dev/stdin wrote /dev/stdin.o).
dtrace=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
mkdir defs
printf 'provider lnk { probe go(int); };\n' > defs/lnk.d
"$dtrace" -G -s defs/lnk.d || exit 1
printf 'provider lnk2 { probe go(int); };\n' | "$dtrace" -G -s /dev/stdin || exit 1
ls -1 . defs

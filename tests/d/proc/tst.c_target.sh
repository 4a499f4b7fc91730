#!/bin/bash
#
# -c runs a command, held stopped after its exec until tracing has
# started: BEGIN's output comes first, $target is the command's pid, and
# dtrace ends when the command has exited, saying so (without -q).
dtrace=$1
tmp=$(mktemp -d)
cat > "$tmp/cmd" <<'CMD'
#!/bin/sh
echo "child $$"
CMD
chmod +x "$tmp/cmd"
"$dtrace" -n 'BEGIN { printf("target %d", $target); }' -c "$tmp/cmd" \
	> "$tmp/out" 2> "$tmp/err"
echo "status $?"
target=$(sed -n 's/.*target \([0-9]*\)$/\1/p' "$tmp/out")
child=$(sed -n 's/^child \([0-9]*\)$/\1/p' "$tmp/out")
[ -n "$target" ] && [ "$target" = "$child" ] && echo "target is the child"
# BEGIN's line (after the heading) comes before the child's output
sed -n '2p;3p' "$tmp/out" | sed 's/[0-9][0-9]*/N/g'
sed "s/$target/PID/" "$tmp/err"
rm -rf "$tmp"

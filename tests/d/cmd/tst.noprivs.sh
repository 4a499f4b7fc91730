#!/bin/bash
#
# Without the privileges tracing needs, dtrace says so as DTrace does and
# exits 1 before doing anything: no -c command is started, no -o file
# created, nothing compiled (a script with a syntax error gets the same
# message).  Checked as an ordinary user and as root without
# capabilities; -h, which only writes a file, still works.

dtrace=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"
# a copy any user can run, wherever the build is
cp "$dtrace" "$tmp/dtrace"
touch "$tmp/ran"
rm "$tmp/ran"
mkdir "$tmp/out" && chmod 777 "$tmp/out"

run() {
	local who=$1
	shift
	case $who in
	user) setpriv --reuid=65534 --regid=65534 --clear-groups "$@" ;;
	nocaps) setpriv --inh-caps=-all --bounding-set=-all "$@" ;;
	esac
}

for who in user nocaps; do
	echo "== $who"
	run $who "$tmp/dtrace" -o "$tmp/out/trace" -c "touch $tmp/ran" \
		-n 'BEGIN { exit(0); }' 2>&1
	echo "status $?"
	[ -e "$tmp/ran" ] && echo "the -c command ran"
	[ -e "$tmp/out/trace" ] && echo "the -o file was created"
	run $who "$tmp/dtrace" -n 'BEGIN { exit(0) +; }' 2>&1
	echo "status $?"
	run $who "$tmp/dtrace" -l -n 'BEGIN' 2>&1
	echo "status $?"
done

echo "== user, -h"
printf 'provider p { probe q(int); };\n' > "$tmp/out/p.d"
run user "$tmp/dtrace" -h -s "$tmp/out/p.d" -o "$tmp/out/p.h" 2>&1
echo "status $?"
grep -c 'P_Q' "$tmp/out/p.h"

#!/bin/bash
# The one-liners of docs/oneliners.md, each run for 0.3 s (a tick ends
# it) while processes of the test open files, execute programs, read,
# write and signal, and write to a disk: each must exit 0 and gather
# something (print a line beyond its own).
# A session that gathers nothing in 0.3 s is run again for 1 s (a
# loaded machine may not run the processes in so short a window).
# Sixteen sessions in a row: a loaded machine needs more than the
# default 20 s, and one at load 15 took over 60.
# @@timeout: 120
dtrace=$1
tmp=$(mktemp -d "$BDT_BUILD/tests/oneliners.XXXXXX")
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"' EXIT
"$BDT_WORKLOAD" -n bdt-ol -i 1 open /etc/hostname & pids+=($!)
"$BDT_WORKLOAD" -i 5 exec /bin/true & pids+=($!)
"$BDT_WORKLOAD" -n bdt-ol -i 1 read & pids+=($!)
"$BDT_WORKLOAD" -n bdt-ol -i 0 spin & pids+=($!)
(while :; do dd if=/dev/zero of="$tmp/f" bs=64k count=4 oflag=direct \
	2>/dev/null; kill -0 $$ 2>/dev/null || exit; done) & pids+=($!)
(while :; do sleep 0.05; kill -CONT $BASHPID; done) & pids+=($!)
sleep 0.3
sed -n '/^```sh/,/^```/p' docs/oneliners.md | grep "^dtrace -n '" |
while IFS= read -r line; do
	prog=${line#dtrace -n \'}
	prog=${prog%\'}
	# a loaded machine may starve the processes for the whole 0.3 s:
	# a session that gathered nothing is given a second, of 1 s
	for window in 300ms 1s; do
		out=$("$dtrace" -q -n "$prog tick-$window { exit(0); }" 2>&1)
		status=$?
		[ $status -eq 0 ] &&
			[ -n "$(printf '%s' "$out" | tr -d '[:space:]')" ] && break
	done
	if [ $status -eq 0 ] && [ -n "$(printf '%s' "$out" | tr -d '[:space:]')" ]; then
		echo "ok: $prog"
	else
		echo "FAILED ($status): $prog"
		printf '%s\n' "$out" | head -5
	fi
done

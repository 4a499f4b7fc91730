#!/bin/bash
#
# dtrace killed with SIGKILL leaves nothing behind in the kernel: every
# BPF program and link it created goes away with its file descriptors,
# and no tracefs dynamic event (uprobe, kprobe) it may have added stays.
# The kernel frees programs asynchronously, so wait up to 5 s.
# @@timeout: 40

dtrace=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if ! command -v bpftool > /dev/null; then
	echo "bpftool is not installed" >&2
	exit 1
fi
ids() {
	bpftool "$1" show 2> /dev/null | sed -n 's/^\([0-9]\{1,\}\): .*/\1/p' |
		sort
}
events() {
	cat /sys/kernel/tracing/dynamic_events 2> /dev/null | sort
}

ids prog > "$tmp/prog.before"
ids link > "$tmp/link.before"
events > "$tmp/events.before"

"$dtrace" -q -n 'syscall::getppid:entry { @ = count(); }' \
	-n 'BEGIN { printf("ready\n"); }' > "$tmp/out" 2> /dev/null &
pid=$!
for i in $(seq 100); do
	grep -q ready "$tmp/out" && break
	sleep 0.1
done
ids prog | comm -13 "$tmp/prog.before" - > "$tmp/prog.new"
ids link | comm -13 "$tmp/link.before" - > "$tmp/link.new"
if [ -s "$tmp/prog.new" ]; then
	echo "programs loaded"
else
	echo "no program loaded"
fi

kill -KILL "$pid"
wait "$pid" 2> /dev/null
for i in $(seq 50); do
	progs=$(ids prog | comm -12 "$tmp/prog.new" - | wc -l)
	links=$(ids link | comm -12 "$tmp/link.new" - | wc -l)
	evs=$(events | comm -13 "$tmp/events.before" - | wc -l)
	[ "$progs" -eq 0 ] && [ "$links" -eq 0 ] && [ "$evs" -eq 0 ] && break
	sleep 0.1
done
echo "programs left: $progs"
echo "links left: $links"
echo "tracefs events left: $evs"

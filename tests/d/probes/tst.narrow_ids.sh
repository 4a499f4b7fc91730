#!/bin/bash
#
# A description enumerates only the providers it may match (and those
# before them in the registry), yet every probe keeps the id of the full
# listing: the line -l prints for a description equals the full
# listing's line of that id.  A probe made on demand (tick-10ms) and
# one named by id (-i) see every provider's probes, as before.

dtrace=$1
full=$(mktemp)
trap 'rm -f "$full"' EXIT
"$dtrace" -l > "$full"

# the -l line of a description's first probe against the full listing's
same() {
	local label=$1 line id
	shift
	line=$("$dtrace" -l "$@" 2>&1 | sed -n 2p)
	id=$(echo "$line" | awk '{ print $1 }')
	if [ -n "$id" ] && awk -v id="$id" '$1 == id' "$full" |
	   grep -qxF -- "$line"; then
		echo "$label: same"
	else
		echo "$label: differs: $line"
	fi
}

same BEGIN -n BEGIN
same dtrace:::ERROR -n dtrace:::ERROR
same syscall::read:entry -n syscall::read:entry
same sdt:sched::sched_switch -n 'sdt:sched::sched_switch'
same rawtp:sched::sched_switch -n 'rawtp:sched::sched_switch'
same :::sched_wakeup -n ':::sched_wakeup'
same proc:::exec-success -n 'proc:::exec-success'
same sched:::on-cpu -n 'sched:::on-cpu'
same dtmalloc::kmalloc-64:free -n 'dtmalloc::kmalloc-64:free'
same profile:::tick-1000 -n 'profile:::tick-1000'
# a later provider's description after an earlier one's, in one run
line=$("$dtrace" -l -n BEGIN -n 'sdt:sched::sched_switch' | sed -n 3p)
awk -v id="$(echo "$line" | awk '{ print $1 }')" '$1 == id' "$full" |
	grep -qxF -- "$line" && echo "BEGIN then sdt: same"
# -i: an id past the providers BEGIN needs
id=$(awk '$2 == "sdt" { print $1; exit }' "$full")
same "-i, the first sdt probe" -i "$id"
# made on demand: the first id after the eager providers' probes
made=$("$dtrace" -l -n 'profile:::tick-10ms' | awk 'NR == 2 { print $1 }')
first=$(awk 'NR > 1 && $2 == "fbt" { print $1; exit } END { print NR }' "$full" |
	head -1)
[ "$made" = "$first" ] && echo "tick-10ms: after every eager probe"
exit 0

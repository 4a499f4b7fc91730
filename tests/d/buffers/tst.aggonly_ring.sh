#!/bin/bash
#
# A program whose clauses only aggregate writes to the ring buffer only
# when a firing faults: its ring is 128 KB instead of bufsize, unless
# bufsize is given.  The ring's size is read from the map's fdinfo while
# dtrace runs; a fault in such a program is still reported.
dtrace=$1
out=$(mktemp)

# ring_size ARGS...: the max_entries of dtrace's ring buffer map (type 27)
ring_size() {
	# emptied here, not by the background job's redirection, which may
	# come after the first look and leave the last run's "matched" to see
	: > "$out"
	env --default-signal=INT "$dtrace" "$@" > "$out" 2>&1 < /dev/null &
	local pid=$! i f
	for i in $(seq 100); do
		grep -q matched "$out" && break
		sleep 0.1
	done
	for f in /proc/$pid/fdinfo/*; do
		grep -q '^map_type:[[:space:]]*27$' "$f" 2> /dev/null &&
			awk '/^max_entries:/ { print $2 }' "$f"
	done | sort -n | tail -n 1
	kill -INT "$pid"
	wait "$pid"
}

echo "aggregations: $(ring_size -n 'tick-1s { @ = count(); }')"
echo "aggregations, -b 1m: $(ring_size -b 1m -n 'tick-1s { @ = count(); }')"
echo "aggregations, bufsize pragma: $(ring_size -n '#pragma D option bufsize=2m
tick-1s { @ = count(); }')"
echo "printf: $(ring_size -n 'tick-1s { printf("x\n"); }')"
rm -f "$out"

# the fault's error record comes through the small ring
"$dtrace" -qn 'BEGIN { @a = count(); @b[*(int *)0] = count(); }' -c true 2>&1 |
    sed 's/ at DIF offset [0-9]*$//'
echo "status ${PIPESTATUS[0]}"

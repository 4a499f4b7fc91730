#!/bin/bash
#
# bench/soak.sh DTRACE: a soak.  dtrace traces, for SOAK_SECONDS (default
# 1800), a process writing a byte to /dev/null as fast as it can (the
# workload's "write" with no pause), with printf, aggregations and
# speculations together on every write:
#
#   - a printf() record ("w ..."), counted in @calls;
#   - a speculation holding one printf() record ("s ..."), committed at
#     the return for one write in two (counted in @commits), discarded
#     for the others;
#   - count(), sum() and quantize() of the size.
#
# Then SIGINT, as a user would stop it.  It checks that nothing was lost
# without a word: every record produced (@calls + @commits, counted in
# the kernel) was either printed or reported in DTrace's drop messages
# ("N drops on CPU C", "N speculative drops"), and none printed twice;
# the reports may count more, since a speculative record the full ring
# buffer refuses is a drop even when its speculation is discarded
# later (runtime/spec.c holds speculations in the consumer, not in
# buffers of their own as DTrace does); and that dtrace's RSS and
# open file descriptors stayed flat (sampled every SOAK_STEP seconds,
# default 10; a leak grows all along, so the last sample may exceed the
# one at half time by 10% or 8 MB at most, fds not at all: what the
# consumer holds, speculative records and output not yet written, is
# bounded by the ring buffer's size, nspec and the 64 KiB at which output
# is written out, but malloc may keep freed memory).  Prints
# the figures and "soak: ok" or "soak: FAILED: why" (exit status 1).
# As root.  .ci/run runs it for two minutes after the test suite.

. "$(dirname "$0")/common.sh"
seconds=${SOAK_SECONDS:-1800}
step=${SOAK_STEP:-10}
wl=${BDT_WORKLOAD:-$build/tests/workload}

prog='
syscall::write:entry /execname == "bdtsoak"/
{
	@calls = count();
	@bytes = sum(arg2);
	@size = quantize(arg2);
	printf("w %d %d %d\n", tid, arg0, arg2);
	self->spec = speculation();
}
syscall::write:entry /self->spec/
{
	speculate(self->spec);
	printf("s %d %d\n", tid, arg2);
}
syscall::write:return /self->spec/
{
	self->n++;
}
syscall::write:return /self->spec && (self->n & 1)/
{
	@commits = count();
}
syscall::write:return /self->spec && (self->n & 1)/
{
	commit(self->spec);
	self->spec = 0;
}
syscall::write:return /self->spec/
{
	discard(self->spec);
	self->spec = 0;
}
END
{
	printa("calls %@d\n", @calls);
	printa("commits %@d\n", @commits);
	printa("bytes %@d\n", @bytes);
}'

# the records are counted as they come, not stored (gigabytes)
mkfifo "$tmp/out"
awk '/^w / { w++; next } /^s / { s++; next } { print }
     END { print "printed-w", w + 0; print "printed-s", s + 0 }' \
	< "$tmp/out" > "$tmp/summary" &
apid=$!
# SIGINT's default action back: a background job of a script has it
# ignored, and dtrace, as DTrace, leaves an ignored SIGINT ignored
start=$(date +%s)
env --default-signal=INT "$dtrace" -q -x nspec=4 -c "$wl -n bdtsoak -i 0 write" -n "$prog" \
	> "$tmp/out" 2> "$tmp/err" &
dpid=$!

# sample RSS (kB) and fds every step seconds
sample() {
	local rss
	rss=$(awk '/^VmRSS:/ { print $2 }' "/proc/$dpid/status" 2> /dev/null)
	[ -n "$rss" ] || return 1
	echo "$1 $rss $(find "/proc/$dpid/fd" -mindepth 1 2> /dev/null | wc -l)"
}
t=0
warm=$((seconds / 2))
: > "$tmp/samples"
while [ "$t" -lt "$seconds" ] && kill -0 "$dpid" 2> /dev/null; do
	sleep "$step"
	t=$((t + step))
	sample "$t" >> "$tmp/samples"
done
kill -INT "$dpid" 2> /dev/null
wait "$dpid"
status=$?
wait "$apid"
seconds=$(($(date +%s) - start))

get() { awk -v k="$1" '$1 == k { print $2 }' "$tmp/summary"; }
calls=$(get calls) commits=$(get commits)
pw=$(get printed-w) ps=$(get printed-s)
drops=$(sed -n 's/^dtrace: \([0-9]*\) drops\{0,1\} on CPU [0-9]*$/\1/p' \
	"$tmp/err" | awk '{ n += $1 } END { print n + 0 }')
sdrops=$(sed -n 's/^dtrace: \([0-9]*\) speculative drops\{0,1\}$/\1/p' \
	"$tmp/err" | awk '{ n += $1 } END { print n + 0 }')
failed=$(sed -n 's/^dtrace: \([0-9]*\) failed speculations\{0,1\}.*/\1/p' \
	"$tmp/err" | awk '{ n += $1 } END { print n + 0 }')
produced=$(( ${calls:-0} + ${commits:-0} ))
accounted=$((pw + ps + drops + sdrops))

echo "duration            ${seconds} s (to the end of the END output)"
echo "writes traced       ${calls:-?} ($(( ${calls:-0} / seconds ))/s)"
echo "records produced    $produced (${calls:-?} printf, ${commits:-?} committed speculations)"
echo "printed             $((pw + ps)) ($pw printf, $ps speculative)"
echo "reported dropped    $((drops + sdrops)) ($drops drops, $sdrops speculative drops)"
echo "reported beyond     $((accounted - produced)) (dropped records of discarded speculations)"
echo "failed speculations $failed (reported; their records never made)"
awk -v w="$warm" 'NR == 1 { printf "rss, fds            %s kB, %s", $2, $3 }
	$1 >= w && !b { b = 1; printf ", %s kB, %s at %d s", $2, $3, $1 }
	{ l = $0 } END { split(l, a, " ");
	printf " -> %s kB, %s at %d s\n", a[2], a[3], a[1] }' "$tmp/samples"
other=$(grep -v -E '^dtrace: [0-9]+ (drops? on CPU [0-9]+|speculative drops?|failed speculations? .*)$' "$tmp/err")

why=
[ "$status" -eq 0 ] || why="dtrace exited $status"
[ -n "$calls" ] || why="${why:+$why; }no END output"
[ "$produced" -le "$accounted" ] ||
	why="${why:+$why; }$produced produced but $accounted printed or reported"
[ "$pw" -le "${calls:-0}" ] && [ "$ps" -le "${commits:-0}" ] ||
	why="${why:+$why; }more printed than produced"
[ -z "$other" ] || why="${why:+$why; }unexpected messages: $other"
read -r r0 f0 <<< "$(awk -v w="$warm" '$1 >= w { print $2, $3; exit }' \
	"$tmp/samples")"
read -r r1 f1 <<< "$(tail -n 1 "$tmp/samples" | cut -d' ' -f2,3)"
if [ -z "${r0:-}" ] || [ -z "${r1:-}" ]; then
	why="${why:+$why; }too few samples"
else
	slack=$((r0 / 10 > 8192 ? r0 / 10 : 8192))
	[ "$r1" -le $((r0 + slack)) ] ||
		why="${why:+$why; }RSS grew from $r0 kB to $r1 kB"
	[ "$f1" -le "$f0" ] || why="${why:+$why; }fds grew from $f0 to $f1"
fi
if [ -n "$why" ]; then
	echo "soak: FAILED: $why"
	exit 1
fi
echo "soak: ok"

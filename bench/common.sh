# bench/common.sh: sourced by the benchmark scripts (run.sh, attach.sh,
# uprobe.sh).  Checks the one argument (the dtrace to measure) and sets
# dtrace, here (bench/), build (where helpers are built: $BUILD, else
# beside dtrace), tmp (a scratch directory) and warn; defines the tracer
# helpers.

set -u
if [ $# -ne 1 ]; then
	echo "usage: $0 DTRACE" >&2
	exit 2
fi
dtrace=$1
here=$(cd "$(dirname "$0")" && pwd)
build=${BUILD:-$(dirname "$dtrace")}
mkdir -p "$build/bench"
# scratch files, removed at the end (by the script itself, not by the
# subshells it starts)
tmp=$(mktemp -d /tmp/bdtrace-bench.XXXXXX)
main_pid=$BASHPID
trap '[ "$BASHPID" = "$main_pid" ] && rm -rf "$tmp"' EXIT
# the helpers' compiler flags
warn="-std=gnu11 -O2 -Wall -Wextra -Wno-unused-parameter"

# machine: a line naming the kernel, the CPUs and their model
machine() {
	echo "machine: $(uname -r), $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
}

# median: the median of the numbers on stdin, one per line
median() {
	sort -g | awk '{ v[NR] = $1 } END {
		if (NR == 0) { print "-"; exit }
		if (NR % 2) print v[(NR + 1) / 2];
		else printf "%.1f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# start_tracer READY OUT CMD...: start CMD (output in OUT, its pid in
# tracer_pid) and wait (10 s at most) until OUT contains READY; fails,
# with CMD killed, if it never does.
start_tracer() {
	local ready=$1 out=$2 i
	shift 2
	: > "$out"
	env --default-signal=INT "$@" > "$out" 2>&1 < /dev/null &
	tracer_pid=$!
	for i in $(seq 100); do
		grep -q "$ready" "$out" && return 0
		kill -0 "$tracer_pid" 2> /dev/null || break
		sleep 0.1
	done
	grep -q "$ready" "$out" && return 0
	kill -KILL "$tracer_pid" 2> /dev/null
	wait "$tracer_pid" 2> /dev/null
	return 1
}

# stop_tracer: SIGINT to the tracer, SIGKILL after 5 s.
stop_tracer() {
	local i
	kill -INT "$tracer_pid" 2> /dev/null
	for i in $(seq 50); do
		kill -0 "$tracer_pid" 2> /dev/null || break
		sleep 0.1
	done
	kill -KILL "$tracer_pid" 2> /dev/null
	wait "$tracer_pid" 2> /dev/null
}

# ratio A B: A / B to two decimals, "-" if either is not a number.
ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN {
		if (a == "-" || b == "-" || b + 0 <= 0) print "-";
		else printf "%.2f\n", a / b }'
}

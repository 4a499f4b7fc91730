#!/bin/bash
#
# bench/uprobe.sh DTRACE: user-space probes, side by side with bpftrace
# and the kernel's floor (as root):
#
#  1. per-firing cost of a pid entry probe: bench/uloop calls a function
#     $CALLS times and prints ns per call, untraced and under
#       dtrace -n 'pid$target:a.out:uloop_fn:entry { @ = count(); }'
#       bpftrace -e 'uprobe:ULOOP:uloop_fn { @ = count(); }'
#       bench/ufloor (an empty program on the same uprobe)
#     and of a USDT probe (uloop:::tick, with a semaphore) likewise;
#     overhead = traced - untraced, the fastest of $REPS runs each.
#     "dtrace-glob" is the same probe named by a provider glob
#     (pid*:uloop:..., uloop*:::tick): the process's own uprobe and
#     the file's, for processes started later, whose program skips it.
#     "dtrace-keys" counts by @[probemod, probefunc, probename] (kept
#     in the kernel as string-table offsets, though the program is
#     compiled to be compiled again: codegen/cg_agg.c), against
#     bpftrace's @[probe] (its probe's name, a string key); BEFORE=
#     OTHER_DTRACE adds another dtrace's dtrace-keys row (an older
#     build, to see what a change gained).
#  2. attach time of 1,000 and 3,000 functions: a program with that many
#     (generated, bench/ufuncs.c) is grabbed with -p and
#       dtrace -n 'pid$target:a.out:uf*:entry { @ = count(); } BEGIN { ... }'
#     is timed to its BEGIN (compile, load, attach) and to its exit
#     (detach); bpftrace's uprobe:BIN:uf* likewise, and dtrace with
#     BDT_UPROBE_MULTI=0 ("dtrace-pe": one perf event a probe, as on
#     kernels before 6.6), both for $BPF_FUNCS functions at most: they
#     attach one uprobe at a time.  ATTACH=0 leaves this part out.
#
# Prints two tables.  Goals: dtrace's per-firing overhead at the floor's
# and no more than bpftrace's; 3,000 functions attached in under a
# second.  The helpers are built into $BUILD/bench (default: beside
# DTRACE).

. "$(dirname "$0")/common.sh"
CALLS=${CALLS:-1000000}
REPS=${REPS:-5}
BPF_FUNCS=${BPF_FUNCS:-1000}
ATTACH=${ATTACH:-1}
BEFORE=${BEFORE:-}
keys='@[probemod, probefunc, probename] = count();'

uloop=$build/bench/uloop
ufloor=$build/bench/ufloor
if [ ! -x "$uloop" ] || [ "$here/uloop.c" -nt "$uloop" ]; then
	cc $warn -fno-omit-frame-pointer -o "$uloop" "$here/uloop.c" || exit 1
fi
if [ ! -x "$ufloor" ] || [ "$here/ufloor.c" -nt "$ufloor" ]; then
	cc $warn -o "$ufloor" "$here/ufloor.c" -lbpf || exit 1
fi

# ufuncs N: a program with N functions uf0 .. uf<N-1>, waiting
ufuncs() {
	local n=$1 bin=$build/bench/ufuncs$1
	if [ ! -x "$bin" ]; then
		{
			echo '#include <unistd.h>'
			echo 'volatile int s;'
			for i in $(seq 0 $((n - 1))); do
				echo "__attribute__((noinline)) void uf$i(void) { s += $i; }"
			done
			echo 'int main(void) { pause(); return s; }'
		} > "$tmp/ufuncs$n.c"
		cc -O1 -Wno-missing-prototypes -o "$bin" "$tmp/ufuncs$n.c" ||
			exit 1
	fi
	echo "$bin"
}

# fileoff BIN SYMBOL: the file offset of SYMBOL in BIN, hexadecimal
fileoff() {
	local v
	v=$(nm "$1" | awk -v s="$2" '$3 == s { print $1 }')
	# text and data of a small PIE: vaddr - segment vaddr + offset
	readelf -lW "$1" | awk -v v=$((16#$v)) '$1 == "LOAD" {
		va = strtonum($3); off = strtonum($2); fs = strtonum($5)
		if (v >= va && v < va + fs) printf "%x\n", v - va + off }'
}

# once MODE: ns per call of one "uloop MODE $CALLS" run
once() {
	"$uloop" "$1" "$CALLS"
}

# under MODE CMD...: ns per call of one "uloop MODE $CALLS" run under
# CMD -c (dtrace and bpftrace trace their -c command), "-" if it fails
under() {
	local mode=$1
	shift
	command -v "$1" > /dev/null || { echo "-"; return; }
	"$@" -c "$uloop $mode $CALLS" 2> "$tmp/err" < /dev/null |
		grep -E '^[0-9]+\.[0-9]$' | head -n 1 | grep . || {
		head -n 3 "$tmp/err" | sed 's/^/    | /' >&2
		echo "-"
	}
}

# floored MODE ARGS...: the same under bench/ufloor ARGS
floored() {
	local mode=$1 t
	shift
	if ! start_tracer ready "$tmp/tracer.out" "$ufloor" "$@"; then
		echo "-"
		return
	fi
	t=$(once "$mode")
	stop_tracer
	echo "$t"
}

# least A B: the smaller number, "-" counting as none
least() {
	awk -v a="$1" -v b="$2" 'BEGIN {
		if (a == "-") print b; else if (b == "-" || a + 0 <= b + 0) print a;
		else print b }'
}

over() {
	awk -v t="$1" -v b="$2" 'BEGIN {
		if (t == "-" || b == "-") print "-"; else printf "%.1f\n", t - b }'
}

echo "machine: $(uname -r), $(nproc) CPUs; bpftrace: $(bpftrace --version 2> /dev/null || echo missing)"
echo
fn_off=$(fileoff "$uloop" uloop_fn)
sema_off=$(fileoff "$uloop" uloop_tick_semaphore)
pc=$(readelf -n "$uloop" | awk '/Name: tick/ { getline; sub(/.*Location: 0x/, ""); sub(/,.*/, ""); print; exit }')
tick_off=$(readelf -lW "$uloop" | awk -v v=$((16#$pc)) '$1 == "LOAD" {
	va = strtonum($3); off = strtonum($2); fs = strtonum($5)
	if (v >= va && v < va + fs) printf "%x\n", v - va + off }')

for kind in pid usdt; do
	if [ $kind = pid ]; then
		mode=call
		d_desc='pid$target:a.out:uloop_fn:entry'
		g_desc='pid*:uloop:uloop_fn:entry'
		b_desc="uprobe:$uloop:uloop_fn"
		floor_args=("$uloop" "$fn_off")
	else
		mode=usdt
		d_desc='uloop$target:::tick'
		g_desc='uloop*:::tick'
		b_desc="usdt:$uloop:uloop:tick"
		floor_args=("$uloop" "$tick_off" "$sema_off")
	fi
	echo "per-firing overhead of a $kind probe, @ = count() ($CALLS firings, fastest of $REPS, ns)"
	# the tracers in turn, $REPS rounds: the machine's load, which
	# changes, weighs on each alike
	base=- t_d=- t_g=- t_b=- t_f=- t_k=- t_kb=- t_bk=-
	for r in $(seq "$REPS"); do
		base=$(least "$base" "$(once $mode)")
		t_d=$(least "$t_d" "$(under $mode "$dtrace" -q -n "$d_desc { @ = count(); }")")
		t_g=$(least "$t_g" "$(under $mode "$dtrace" -q -n "$g_desc { @ = count(); }")")
		t_b=$(least "$t_b" "$(under $mode bpftrace -e "$b_desc { @ = count(); }")")
		t_f=$(least "$t_f" "$(floored $mode "${floor_args[@]}")")
		t_k=$(least "$t_k" "$(under $mode "$dtrace" -q -n "$d_desc { $keys }")")
		[ -n "$BEFORE" ] &&
			t_kb=$(least "$t_kb" "$(under $mode "$BEFORE" -q -n "$d_desc { $keys }")")
		t_bk=$(least "$t_bk" "$(under $mode bpftrace -e "$b_desc { @[probe] = count(); }")")
	done
	printf '  %-12s %10s %10s %10s\n' "" untraced traced overhead
	printf '  %-12s %10s %10s %10s\n' dtrace "$base" "$t_d" "$(over "$t_d" "$base")" \
		dtrace-glob "$base" "$t_g" "$(over "$t_g" "$base")" \
		bpftrace "$base" "$t_b" "$(over "$t_b" "$base")" \
		floor "$base" "$t_f" "$(over "$t_f" "$base")" \
		dtrace-keys "$base" "$t_k" "$(over "$t_k" "$base")"
	[ -n "$BEFORE" ] && printf '  %-12s %10s %10s %10s\n' "  BEFORE" \
		"$base" "$t_kb" "$(over "$t_kb" "$base")"
	printf '  %-12s %10s %10s %10s\n' bpftrace-keys "$base" "$t_bk" \
		"$(over "$t_bk" "$base")"
	printf '  %-16s %6s\n' "dtrace/bpftrace" \
		"$(ratio "$(over "$t_d" "$base")" "$(over "$t_b" "$base")")" \
		"dtrace/floor" "$(ratio "$(over "$t_d" "$base")" "$(over "$t_f" "$base")")" \
		"keys: d/b" "$(ratio "$(over "$t_k" "$base")" "$(over "$t_bk" "$base")")"
	echo
done

# timeline OUT CMD...: "TO_READY TO_EXIT" in ms: CMD started, the time
# its output first holds "ready" (everything attached: BEGIN has fired)
# and the time it has exited (everything detached); "- -" on failure
timeline() {
	local out=$1 t0 t1= t2 pid
	shift
	command -v "$1" > /dev/null || { echo "- -"; return; }
	: > "$out"	# emptied first: not the last run's "ready"
	t0=$(date +%s%N)
	"$@" > "$out" 2>&1 < /dev/null &
	pid=$!
	while kill -0 "$pid" 2> /dev/null; do
		if [ -z "$t1" ] && grep -q ready "$out"; then
			t1=$(date +%s%N)
		fi
		sleep 0.005
	done
	wait "$pid"
	t2=$(date +%s%N)
	[ -z "$t1" ] && grep -q ready "$out" && t1=$t2
	if [ -z "$t1" ]; then
		head -n 3 "$out" | sed 's/^/    | /' >&2
		echo "- -"
		return
	fi
	echo "$(( (t1 - t0) / 1000000 )) $(( (t2 - t1) / 1000000 ))"
}

[ "$ATTACH" = 0 ] && exit 0
echo "attaching pid entry probes on many functions of a running process (ms)"
printf '  %-10s %8s %12s %12s\n' "" functions "to BEGIN" "then exit"
read -r s_r s_e <<< "$(timeline "$tmp/t.out" "$dtrace" -qn 'BEGIN { printf("ready\n"); exit(0); }')"
printf '  %-10s %8s %12s %12s\n' "dtrace" 0 "$s_r" "$s_e"
for n in 1000 3000; do
	bin=$(ufuncs $n)
	"$bin" & target=$!
	sleep 0.3
	read -r d_r d_e <<< "$(timeline "$tmp/t.out" "$dtrace" -q -p $target -n \
		'pid$target:a.out:uf*:entry { @ = count(); } BEGIN { printf("ready\n"); exit(0); }')"
	printf '  %-10s %8s %12s %12s\n' dtrace "$n" "$d_r" "$d_e"
	# without uprobe_multi links (kernels before 6.6): perf events
	if [ "$n" -le "$BPF_FUNCS" ]; then
		read -r p_r p_e <<< "$(timeline "$tmp/t.out" env BDT_UPROBE_MULTI=0 \
			"$dtrace" -q -p $target -n \
			'pid$target:a.out:uf*:entry { @ = count(); } BEGIN { printf("ready\n"); exit(0); }')"
		printf '  %-10s %8s %12s %12s\n' "dtrace-pe" "$n" "$p_r" "$p_e"
	fi
	if [ "$n" -le "$BPF_FUNCS" ]; then
		read -r b_r b_e <<< "$(timeline "$tmp/t.out" env \
			BPFTRACE_MAX_PROBES=$((n + 100)) bpftrace -p $target -e \
			"uprobe:$bin:uf* { @ = count(); } BEGIN { printf(\"ready\\n\"); exit(); }")"
		printf '  %-10s %8s %12s %12s\n' bpftrace "$n" "$b_r" "$b_e"
	fi
	kill $target
	wait $target 2> /dev/null
done

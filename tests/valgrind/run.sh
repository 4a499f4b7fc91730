#!/bin/bash
#
# run.sh BUILD: the consumer under valgrind's memcheck, for what ASan
# cannot see (memory the kernel fills in: the ring buffer, map lookups;
# the symbol readers' use of libelf and libdw, which are not built with
# the sanitizer).  Runs every unit test BUILD/tests/test_*, then a few D
# sessions of BUILD/dtrace that read the ring buffer, aggregations of
# every kind, kernel and user stacks with their symbols, and
# speculations, and pid and USDT probes of a running tests/uprog (its
# ELF symbols and notes, a user string, its user stack), each under
# valgrind with the suppressions of bdtrace.supp (false reports of
# valgrind's own, each explained there).
# A memcheck error or a definite leak, a non-zero exit or output without
# the expected line fails the case.  Prints "PASS valgrind/NAME" or
# "FAIL valgrind/NAME" (with valgrind's report) per case, then the
# runner's "N passed, N failed, N skipped" summary.
#
# Sessions have no -c or -p target: valgrind 3.19 does not know
# pidfd_open(2), with which dtrace watches its targets.

set -u

if [ $# -ne 1 ]; then
	echo "usage: $0 BUILD" >&2
	exit 2
fi
build=$1
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp /tmp/bdtrace-vg.XXXXXX)
trap 'rm -f "$out"' EXIT
if ! command -v valgrind > /dev/null; then
	echo "SKIP valgrind (not installed)"
	echo "0 passed, 0 failed, 1 skipped"
	exit 0
fi
vg=(valgrind -q --error-exitcode=99 --leak-check=full
    --errors-for-leak-kinds=definite --suppressions="$here/bdtrace.supp")
passed=0 failed=0 skipped=0

# check NAME PATTERN CMD...: CMD under valgrind exits 0, reports nothing
# and prints a line matching PATTERN
check() {
	local name=$1 pat=$2

	shift 2
	timeout -k 5 300 "${vg[@]}" "$@" < /dev/null > "$out" 2>&1
	local rc=$?
	if [ "$rc" -eq 0 ] && ! grep -q '^==[0-9]*==' "$out" &&
	   grep -qE "$pat" "$out"; then
		echo "PASS valgrind/$name"
		passed=$((passed + 1))
	else
		echo "FAIL valgrind/$name (exit status $rc)"
		grep -E '^==[0-9]*==' "$out" | head -n 40
		[ "$rc" -eq 99 ] || tail -n 5 "$out"
		failed=$((failed + 1))
	fi
}

for t in "$build"/tests/test_*; do
	[ -x "$t" ] || continue
	# valgrind computes long double in 64 bits: 1e300L * 1e300L
	# overflows under it
	if [ "${t##*/}" = test_fmt_ldouble ]; then
		echo "SKIP valgrind/unit/${t##*/} (valgrind has no 80-bit long double)"
		skipped=$((skipped + 1))
		continue
	fi
	check "unit/${t##*/}" ' passed, 0 failed$' "$t"
done

dtrace=$build/dtrace
if [ "$(id -u)" -ne 0 ]; then
	echo "SKIP valgrind/sessions (need root)"
	skipped=$((skipped + 1))
else
	# the ring buffer: printf of strings and integers, trace()
	check printf '^tick 7 abc$' "$dtrace" -qn \
		'tick-10ms /i++ < 3/ { printf("tick %d %s\n", 7, "abc");
		 trace(i); } tick-10ms /i >= 3/ { exit(0); }'
	# every aggregating function, printa with a format, keys of
	# strings and integers
	check aggs 'sum 10' "$dtrace" -qn \
		'BEGIN { @c["a", 1] = count(); @s = sum(10); @a = avg(3);
		 @mn = min(2); @mx = max(9); @sd = stddev(4);
		 @q = quantize(100); @l = lquantize(5, 0, 10, 2);
		 @ll = llquantize(1000, 10, 0, 6, 10);
		 printa("sum %@d\n", @s); exit(0); }'
	# trunc() and clear() in batches (BPF_MAP_DELETE_BATCH,
	# BPF_MAP_UPDATE_BATCH) and a joined printa() through its key index
	check trunc_clear '^ +7 +0 +3$' "$dtrace" -qn \
		'BEGIN { @a[1] = sum(1); @a[2] = sum(2); @a[3] = sum(5);
		 @b[1] = sum(1); @b[2] = sum(2); @c[7] = sum(3);
		 trunc(@a, 1); clear(@b); printa(@a); printa(@b);
		 printa(@b, @c); exit(0); }'
	# kernel and user stacks of dtrace's own system calls, their
	# symbols read from /proc/kallsyms and the ELF files mapped
	check stacks '^  (write|epoll_wait|epoll_pwait) ' "$dtrace" -qn \
		'syscall:::entry /pid == $pid/ { @k[stack(4)] = count();
		 @u[ustack(4)] = count(); @f[probefunc] = count(); }
		 tick-200ms { exit(0); }'
	# speculations: one committed, one discarded
	check spec '^kept$' "$dtrace" -qn \
		'BEGIN { a = speculation(); b = speculation(); }
		 BEGIN { speculate(a); printf("kept\n"); }
		 BEGIN { speculate(b); printf("dropped\n"); }
		 BEGIN { commit(a); } BEGIN { discard(b); }
		 BEGIN { exit(0); }'
	# uprobes and USDT of a running process (named by its pid: -p
	# would need pidfd_open): its ELF symbols and notes read, a user
	# string, its user stack symbolized
	uprog=$build/tests/uprog
	"$uprog" -l calls usdt 2> /dev/null &
	up=$!
	for ((i = 0; i < 100; i++)); do
		[ "$(readlink "/proc/$up/exe")" = "$(readlink -f "$uprog")" ] &&
			break
		sleep 0.05
	done
	check uprobes '^ +uprog`up_add$' "$dtrace" -qn \
		"pid$up:uprog:up_add:entry { printf(\"add %d %d\n\", arg0, arg1);
		 @[ustack()] = count(); }
		 uprog$up:::str-arg { printf(\"%s\n\", copyinstr(arg0)); }
		 pid$up:uprog:up_add:return /++n >= 3/ { exit(0); }"
	kill "$up"
	wait "$up" 2> /dev/null
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]

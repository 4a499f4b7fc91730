#!/bin/bash
#
# run.sh DTRACE [FIRST [COUNT]]: the generated-program fuzz step.  Builds
# tests/fuzz/gen_d.c, then for each seed FIRST..FIRST+COUNT-1 (default
# 1..60) runs the program it prints with "dtrace -x errtags -s", under
# timeout(1) with stdin from /dev/null.  Every program is meant to be
# valid D, so each run must either exit 0 (compiled, loaded into the
# kernel, run to its own exit()), or exit 1 with a located, tagged error
# ("FILE:LINE:COL" and "[D_TAG]" on stderr).  A finding is anything else:
# death by a signal, a hang (timeout), another status, an untagged or
# unlocated refusal, or a sanitizer report (DTRACE may be an ASan/UBSan
# build).  Prints one "FAIL fuzz/gen_d SEED: why" line per finding (the
# program kept in BDT_FUZZ_KEEP, default /tmp/bdtrace-fuzz), then
# "PASS fuzz/gen_d (N seeds: N ran, N refused)" or "FAIL fuzz/gen_d ..."
# and the runner's "N passed, N failed, N skipped" summary (the whole
# step counted as one test).  Exits non-zero on any finding.
#
# GEN_D_ONLY=1 prints the seed's program and stops (to reproduce one).

set -u

here=$(cd "$(dirname "$0")" && pwd)
default_count=60
. "$here/seeds.sh"
root=$(cd "$here/../.." && pwd)
gen=$(mktemp /tmp/bdtrace-gen_d.XXXXXX)
work=$(mktemp -d /tmp/bdtrace-fuzzrun.XXXXXX)
trap 'rm -rf "$gen" "$work"' EXIT

if ! cc -std=gnu11 -O1 -Wall -Werror -o "$gen" "$here/gen_d.c"; then
	echo "FAIL fuzz/gen_d: the generator does not build"
	echo "0 passed, 1 failed, 0 skipped"
	exit 1
fi
if [ "${GEN_D_ONLY:-0}" = 1 ]; then
	"$gen" "$first"
	exit
fi
if [ "$(id -u)" -ne 0 ]; then
	echo "SKIP fuzz/gen_d (needs root)"
	echo "0 passed, 0 failed, 1 skipped"
	exit 0
fi

# verdict STATUS ERRFILE: empty if the run is acceptable, else why not.
verdict() {
	local rc=$1 err=$2

	if grep -qE 'AddressSanitizer|LeakSanitizer|runtime error:' "$err"; then
		echo "sanitizer report: $(grep -m1 -E 'Sanitizer|runtime error:' "$err")"
	elif [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
		echo "hang (killed after $((20 * scale)) s)"
	elif [ "$rc" -gt 128 ]; then
		echo "killed by signal $((rc - 128))"
	elif [ "$rc" -eq 1 ]; then
		if ! grep -q '\[D_[A-Z0-9_]*\]' "$err"; then
			echo "refused without a D_ tag: $(head -n 1 "$err")"
		elif ! grep -qE ':[0-9]+:[0-9]+' "$err"; then
			echo "refused without a location: $(head -n 1 "$err")"
		fi
	elif [ "$rc" -ne 0 ]; then
		echo "exit status $rc: $(head -n 1 "$err")"
	fi
}

ran=0 refused=0 bad=0
for ((seed = first; seed < first + count; seed++)); do
	prog=$work/gen_d.$seed.d
	"$gen" "$seed" > "$prog"
	(cd "$root" && timeout -k 5 $((20 * scale)) "$dtrace" -x errtags \
		-s "$prog" < /dev/null > "$work/out" 2> "$work/err")
	rc=$?
	why=$(verdict "$rc" "$work/err")
	if [ -n "$why" ]; then
		mkdir -p "$keep"
		cp "$prog" "$keep/"
		cp "$work/err" "$keep/gen_d.$seed.err"
		echo "FAIL fuzz/gen_d $seed: $why (program in $keep/gen_d.$seed.d)"
		bad=$((bad + 1))
	elif [ "$rc" -eq 0 ]; then
		ran=$((ran + 1))
	else
		refused=$((refused + 1))
	fi
done

if [ "$bad" -eq 0 ]; then
	echo "PASS fuzz/gen_d ($count seeds from $first: $ran ran, $refused refused)"
	echo "1 passed, 0 failed, 0 skipped"
	exit 0
fi
echo "FAIL fuzz/gen_d ($count seeds from $first: $ran ran, $refused refused, $bad findings)"
echo "0 passed, 1 failed, 0 skipped"
exit 1

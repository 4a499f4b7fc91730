#!/bin/bash
#
# run_expr.sh DTRACE [FIRST [COUNT]]: differential testing of integer
# expressions.  For each seed FIRST..FIRST+COUNT-1 (default 1..5),
# tests/fuzz/gen_expr.c writes forty random expressions of mixed integer
# types as a D program (evaluated in BEGIN) and as a C program following
# D's type rules, built by the system compiler (cc -fwrapv: D's
# arithmetic wraps); both must print the same lines (value and size of
# each expression).  A line that differs is a finding: printed with its
# expression, the programs kept in BDT_FUZZ_KEEP (default
# /tmp/bdtrace-fuzz).  So is a D program that does not run.  Prints
# "PASS fuzz/expr (N seeds, N expressions)" or "FAIL fuzz/expr ..." and
# the runner's summary line (the step counted as one test).
#
# GEN_EXPR_ONLY=d|c prints the seed FIRST's program and stops.

set -u

here=$(cd "$(dirname "$0")" && pwd)
default_count=5
. "$here/seeds.sh"
work=$(mktemp -d /tmp/bdtrace-fuzzexpr.XXXXXX)
trap 'rm -rf "$work"' EXIT
gen=$work/gen_expr

if ! cc -std=gnu11 -O1 -Wall -Werror -o "$gen" "$here/gen_expr.c"; then
	echo "FAIL fuzz/expr: the generator does not build"
	echo "0 passed, 1 failed, 0 skipped"
	exit 1
fi
if [ -n "${GEN_EXPR_ONLY:-}" ]; then
	"$gen" "$first" "$GEN_EXPR_ONLY"
	exit
fi
if [ "$(id -u)" -ne 0 ]; then
	echo "SKIP fuzz/expr (needs root)"
	echo "0 passed, 0 failed, 1 skipped"
	exit 0
fi

# finding SEED WHY: report one, keeping the seed's programs
bad=0
finding() {
	mkdir -p "$keep"
	cp "$work/expr.$1.d" "$work/expr.$1.c" "$keep/" 2>/dev/null
	echo "FAIL fuzz/expr $1: $2 (programs in $keep/expr.$1.{d,c})"
	bad=$((bad + 1))
}

nexpr=0
for ((seed = first; seed < first + count; seed++)); do
	d=$work/expr.$seed.d c=$work/expr.$seed.c
	"$gen" "$seed" d > "$d"
	"$gen" "$seed" c > "$c"
	if ! cc -std=gnu11 -O0 -fwrapv -w -o "$work/ref" "$c"; then
		finding "$seed" "the C program does not build"
		continue
	fi
	"$work/ref" > "$work/want"
	timeout -k 5 $((20 * scale)) "$dtrace" -s "$d" < /dev/null \
		> "$work/out" 2> "$work/err"
	rc=$?
	grep -v "^$" "$work/out" > "$work/got"  # dtrace ends with an empty line
	if [ "$rc" -ne 0 ]; then
		finding "$seed" "dtrace exit status $rc: $(head -n 1 "$work/err")"
		continue
	fi
	nexpr=$((nexpr + $(wc -l < "$work/want")))
	diff "$work/want" "$work/got" | grep '^[<>]' > "$work/diff"
	[ -s "$work/diff" ] || continue
	while read -r n _; do
		[ "$n" -ge 0 ] 2>/dev/null || continue
		expr=$(grep "printf(\"$n " "$d" | sed 's/.*(long long)\(.*\), sizeof.*/\1/')
		echo "  expression $n: $expr"
		echo "    C: $(grep "^$n " "$work/want" | cut -d' ' -f2-)   D: $(grep "^$n " "$work/got" | cut -d' ' -f2-)"
	done < <(sed 's/^[<>] //' "$work/diff" | sort -un)
	finding "$seed" "$(sed 's/^[<>] //' "$work/diff" | cut -d' ' -f1 | sort -un | wc -l) expressions differ"
done

if [ "$bad" -eq 0 ]; then
	echo "PASS fuzz/expr ($count seeds from $first, $nexpr expressions)"
	echo "1 passed, 0 failed, 0 skipped"
	exit 0
fi
echo "FAIL fuzz/expr ($count seeds from $first, $bad findings)"
echo "0 passed, 1 failed, 0 skipped"
exit 1

#!/bin/bash
#
# run_parse.sh FUZZER [SECONDS]: the front-end fuzz step.  Runs the
# libFuzzer target FUZZER (build-fuzz/fuzz_parse, made by `make fuzz`)
# for SECONDS (default 60) on a seed corpus of every .d under tests/d/
# and the inputs kept in tests/fuzz/corpus/ (what earlier runs found that
# the tests do not reach, and each input that once crashed: every one is
# run again first, so a regression fails at once).  New inputs go to a
# scratch directory, never into the tree.  A crash, leak, sanitizer
# report or timeout leaves its input in BDT_FUZZ_KEEP (default
# /tmp/bdtrace-fuzz) and fails the step.  Prints
# "PASS fuzz/parse (N runs, N s)" or "FAIL fuzz/parse: why", then the
# runner's "N passed, N failed, N skipped" summary (the step counted as
# one test).  Exits non-zero on a finding.
#
# To keep what a longer run found: FUZZ_MERGE=1 merges the scratch
# corpus's new coverage into tests/fuzz/corpus/ at the end.

set -u

if [ $# -lt 1 ]; then
	echo "usage: $0 FUZZER [SECONDS]" >&2
	exit 2
fi
fuzzer=$1
seconds=${2:-60}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
keep=${BDT_FUZZ_KEEP:-/tmp/bdtrace-fuzz}
work=$(mktemp -d /tmp/bdtrace-fuzzparse.XXXXXX)
trap 'rm -rf "$work"' EXIT

if [ ! -x "$fuzzer" ]; then
	echo "FAIL fuzz/parse: no fuzzer at $fuzzer (make fuzz)"
	echo "0 passed, 1 failed, 0 skipped"
	exit 1
fi
# the tests' scripts, named by their path (tst.x.d is in many areas)
mkdir -p "$work/new" "$work/seeds" "$work/art" "$keep"
(cd "$root/tests/d" && find . -name '*.d' -type f) | while read -r f; do
	cp "$root/tests/d/$f" "$work/seeds/$(echo "${f#./}" | tr / _)"
done
# a dictionary of D's words, taken from the compiler's own tables: its
# keywords and operators (lex.c), actions and subroutines (sema_call.c,
# sema_proto.c), built-in variables (builtins.def)
src=$root/src/compile
{
	grep -ohE '"[A-Za-z_][A-Za-z0-9_]*"' "$src/lex.c" "$src/sema_call.c" \
		"$src/sema_proto.c"
	sed -n 's/^BUILTIN(\([a-z0-9_]*\),.*/"\1"/p' "$src/builtins.def"
	grep -oE '\{ "[^"\\A-Za-z]+", TK_' "$src/lex.c" | cut -d' ' -f2 |
		sed 's/,$//'
} | sort -u > "$work/d.dict"
# -timeout: a single input taking seconds is a hang; -rss_limit_mb: the
# kernel's BTF, loaded by programs naming kernel types, is large
"$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
	-dict="$work/d.dict" -artifact_prefix="$work/art/" -print_final_stats=1 \
	"$work/new" "$here/corpus" "$work/seeds" > "$work/log" 2>&1 < /dev/null
rc=$?
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log")
if [ "$rc" -ne 0 ] || ls "$work/art" | grep -q .; then
	cp "$work/art"/* "$keep/" 2>/dev/null
	why=$(grep -m1 -E 'ERROR: |runtime error:|SUMMARY: ' "$work/log")
	grep -E -A30 'ERROR: |runtime error:' "$work/log" | head -n 40
	echo "FAIL fuzz/parse: ${why:-fuzzer exit status $rc} (inputs in $keep)"
	echo "0 passed, 1 failed, 0 skipped"
	exit 1
fi
if [ "${FUZZ_MERGE:-0}" = 1 ]; then
	# what the new inputs add to the seeds and the kept corpus
	mkdir -p "$work/base"
	cp "$work/seeds"/* "$here/corpus"/* "$work/base/" 2>/dev/null
	ls "$work/base" | sort > "$work/before"
	"$fuzzer" -merge=1 "$work/base" "$work/new" > "$work/merge" 2>&1 \
		< /dev/null
	ls "$work/base" | sort | comm -13 "$work/before" - |
		while read -r f; do cp "$work/base/$f" "$here/corpus/"; done
	echo "merged $(ls "$work/base" | sort | comm -13 "$work/before" - |
		wc -l) inputs into tests/fuzz/corpus/"
fi
echo "PASS fuzz/parse (${runs:-0} runs, $seconds s)"
echo "1 passed, 0 failed, 0 skipped"

#!/bin/bash
#
# run-unit.sh BUILD: run every unit-test program BUILD/tests/test_* (each
# one is tests/unit/test_NAME.c built by the Makefile) and add up the
# last line each prints, "N passed, N failed".  A program that crashes,
# hangs (60 s) or exits non-zero without reporting a failure counts as one
# more failure.  Prints one line per program, the output of failing ones,
# and then the total "N passed, N failed"; exits non-zero on any failure.

set -u

if [ $# -ne 1 ]; then
	echo "usage: $0 BUILD" >&2
	exit 2
fi
build=$1
tmp=$(mktemp /tmp/bdtrace-unit.XXXXXX)
trap 'rm -f "$tmp"' EXIT

passed=0 failed=0
for t in "$build"/tests/test_*; do
	[ -x "$t" ] || continue
	timeout -k 5 60 "$t" < /dev/null > "$tmp" 2>&1
	rc=$?
	last=$(tail -n 1 "$tmp")
	if [[ $last =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then
		p=${BASH_REMATCH[1]} f=${BASH_REMATCH[2]}
	else
		p=0 f=0
	fi
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		f=1
		echo "    $t: exit status $rc" >> "$tmp"
	fi
	passed=$((passed + p))
	failed=$((failed + f))
	if [ "$f" -eq 0 ]; then
		echo "PASS $t ($p passed)"
	else
		echo "FAIL $t ($p passed, $f failed)"
		tail -n 40 "$tmp" | sed 's/^/    | /'
	fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

#!/bin/bash
#
# run-all.sh BUILD: the whole test suite, as "make check" and CI run it:
# the unit tests (run-unit.sh) and the golden D tests against BUILD/dtrace
# (run-d.sh, skipped without root).  The very last line is the combined
# "N passed, N failed, N skipped", which CI reads; the exit status is
# non-zero if anything failed.

set -u

if [ $# -ne 1 ]; then
	echo "usage: $0 BUILD" >&2
	exit 2
fi
build=$1
here=$(dirname "$0")
tmp=$(mktemp /tmp/bdtrace-all.XXXXXX)
trap 'rm -f "$tmp"' EXIT

# count LINE: "P F S" from a summary line (S 0 if absent), "0 1 0" if the
# line is not a summary (the runner itself failed).
count() {
	if [[ $1 =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed(,\ ([0-9]+)\ skipped)?$ ]]; then
		echo "${BASH_REMATCH[1]} ${BASH_REMATCH[2]} ${BASH_REMATCH[4]:-0}"
	else
		echo "0 1 0"
	fi
}

echo "== unit tests"
"$here/run-unit.sh" "$build" | tee "$tmp"
unit_rc=${PIPESTATUS[0]}
read -r up uf us <<< "$(count "$(tail -n 1 "$tmp")")"

echo "== D tests"
"$here/run-d.sh" "$build/dtrace" | tee "$tmp"
d_rc=${PIPESTATUS[0]}
read -r dp df ds <<< "$(count "$(tail -n 1 "$tmp")")"

failed=$((uf + df))
if [ "$failed" -eq 0 ] && { [ "$unit_rc" -ne 0 ] || [ "$d_rc" -ne 0 ]; }; then
	failed=1
fi
echo "$((up + dp)) passed, $failed failed, $((us + ds)) skipped"
[ "$failed" -eq 0 ]

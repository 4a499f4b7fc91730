#!/bin/bash
#
# run-all.sh BUILD...: the whole test suite, as "make check" and CI run it,
# for each build directory given (the normal one and the ASan/UBSan one):
# the unit tests (run-unit.sh) and the golden D tests against BUILD/dtrace
# (run-d.sh, skipped without root); and, for the first build only, a
# batch of D tests in a Linux 6.1 QEMU guest (vm/check.sh; skipped when
# the guest cannot boot, or with BDT_VM=0), run in the background from
# the start (the emulator keeps one CPU busy for a few minutes, the host
# tests mostly wait) and reported last.  The very last line is the combined
# "N passed, N failed, N skipped", which CI reads; the exit status is
# non-zero if anything failed.

set -u

if [ $# -lt 1 ]; then
	echo "usage: $0 BUILD..." >&2
	exit 2
fi
here=$(dirname "$0")
tmp=$(mktemp /tmp/bdtrace-all.XXXXXX)
vmout=$(mktemp /tmp/bdtrace-vm.XXXXXX)
trap 'rm -f "$tmp" "$vmout"' EXIT
vmpid=
if [ "${BDT_VM:-1}" != 0 ]; then
	"$here/vm/check.sh" "$1" > "$vmout" 2>&1 &
	vmpid=$!
fi

# count LINE: "P F S" from a summary line (S 0 if absent), "0 1 0" if the
# line is not a summary (the runner itself failed).
count() {
	if [[ $1 =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed(,\ ([0-9]+)\ skipped)?$ ]]; then
		echo "${BASH_REMATCH[1]} ${BASH_REMATCH[2]} ${BASH_REMATCH[4]:-0}"
	else
		echo "0 1 0"
	fi
}

passed=0 failed=0 skipped=0 rc=0
for build in "$@"; do
	echo "== unit tests ($build)"
	"$here/run-unit.sh" "$build" | tee "$tmp"
	[ "${PIPESTATUS[0]}" -eq 0 ] || rc=1
	read -r p f s <<< "$(count "$(tail -n 1 "$tmp")")"
	passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))

	echo "== D tests ($build/dtrace)"
	"$here/run-d.sh" "$build/dtrace" | tee "$tmp"
	[ "${PIPESTATUS[0]}" -eq 0 ] || rc=1
	read -r p f s <<< "$(count "$(tail -n 1 "$tmp")")"
	passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
done

if [ -n "$vmpid" ]; then
	wait "$vmpid" || rc=1
	cat "$vmout"
	read -r p f s <<< "$(count "$(tail -n 1 "$vmout")")"
	passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
fi

if [ "$failed" -eq 0 ] && [ "$rc" -ne 0 ]; then
	failed=1
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]

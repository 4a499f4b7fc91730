#!/bin/bash
#
# conformance.sh [-b BUILD] [-s SCALE] FILTER [RUNNER_ARGS...]: DTrace's
# own test suite (../shared/conformance/, beside the repository; another
# directory in CONFORMANCE_DIR) run in tests/vm/'s Linux 6.1 guest, for
# the tests the development machines cannot run: those that trace kernel
# functions (fbt, and the stable probes built on kprobes).  Only the
# tests whose path matches the regular expression FILTER run (the suite
# has 2,000; the guest is emulated, 10-50x slower than the host), with
# the runner's timeouts multiplied by SCALE (default 4); RUNNER_ARGS go
# to the runner (-v, --compare OLD.json ...).  In the guest the runner
# does not skip the tests that name fbt (suite_guest.py).
#
# BUILD/dtrace (default build) is copied first, as check.sh does; the
# suite is extracted and its helper programs built on the host (the
# guest runs the host's userland, and is slow to compile), in
# .qemu-test/conformance/, which the results go to too:
# .qemu-test/conformance/results.json.  Prints the runner's output, the
# last line "N passed, N failed, N skipped"; exit status the runner's,
# 126 with the reason when the guest cannot boot here.  Boot the guest
# only for what needs it: a run of the 24 kprobe tests takes about
# 20 minutes on a loaded 2-core machine.
#
# Example: tests/vm/conformance.sh 'fbtprovider/|demo/fbt/|io/tst.wait'

set -u
build=build scale=4
while getopts "b:s:" o; do
	case $o in
	b) build=$OPTARG ;;
	s) scale=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if [ $# -lt 1 ]; then
	echo "usage: $0 [-b build] [-s scale] FILTER [runner args...]" >&2
	exit 2
fi
filter=$1
shift
root=$(cd "$(dirname "$0")/../.." && pwd -P)
cd "$root" || exit 2
suite_dir=${CONFORMANCE_DIR:-$root/../shared/conformance}
suite_dir=$(cd "$suite_dir" 2> /dev/null && pwd -P) || {
	echo "conformance.sh: no suite runner in ${CONFORMANCE_DIR:-../shared/conformance}" >&2
	exit 2
}
tarball=$(ls "$suite_dir"/dtrace-utils-tests-*.tar.gz 2> /dev/null | tail -n 1)
if [ -z "$tarball" ] || [ ! -x "$build/dtrace" ]; then
	echo "conformance.sh: need $suite_dir/dtrace-utils-tests-*.tar.gz and $build/dtrace" >&2
	exit 2
fi

. tests/vm/snapshot.sh
out=$root/.qemu-test/conformance
mkdir -p "$out"
snap=$(mktemp -d "$out/snap.XXXXXX")
trap 'rm -rf "$snap"' EXIT
vm_snapshot "$build" "$snap" || exit 2

# The suite and its helpers, on the host: a run of no test does it.
: > "$snap/none"
python3 "$suite_dir/conformance.py" --suite "$tarball" --cache "$out/cache" \
	--dtrace "$snap/build/dtrace" --only "$snap/none" > /dev/null 2>&1

vm_timeout=${VM_TIMEOUT:-5400}
tests/vm/qemu-run.sh -t "$vm_timeout" -- python3 tests/vm/suite_guest.py \
	"$suite_dir/conformance.py" --suite "$tarball" --cache "$out/cache" \
	--dtrace "$snap/build/dtrace" --flavor --jobs 1 \
	--timeout-scale "$scale" --results "$out/results.json" \
	--filter "$filter" "$@" 2>&1 | vm_console_filter
exit "${PIPESTATUS[0]}"

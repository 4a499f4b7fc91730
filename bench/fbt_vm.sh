#!/bin/bash
#
# bench/fbt_vm.sh BUILD: bench/fbt_guest.sh in tests/vm/'s QEMU guest
# (Debian's Linux 6.1, which has kprobes and fentry): what attaching and
# detaching fbt::vfs_*:entry costs there, beside bpftrace.  BUILD/dtrace
# is copied first, as tests/vm/check.sh does.

set -u
root=$(cd "$(dirname "$0")/.." && pwd -P)
cd "$root" || exit 2
build=${1:-build}
mkdir -p .qemu-test
snap=$(mktemp -d "$root/.qemu-test/bench.XXXXXX")
trap 'rm -rf "$snap"' EXIT
mkdir -p "$snap/build"
cp "$build/dtrace" "$snap/build/dtrace"
cp -r lib "$snap/lib"
tests/vm/qemu-run.sh -t 900 -- env RUNS="${RUNS:-3}" \
	bash bench/fbt_guest.sh "$snap/build/dtrace" 2>&1 |
	grep -v -E '^(GUEST-READY|GUEST-EXIT=|\[ *[0-9]+\.[0-9]+\] )'

#!/bin/bash
#
# check.sh BUILD [FILTER...]: the golden D tests run again in a QEMU guest
# on Debian's Linux 6.1 (qemu-run.sh), in one boot, as "make check"'s last
# step: bdtrace must load and run D programs on a kernel without may_goto
# (loops as bpf_loop() callbacks) and with 6.1's verifier.  The tests are
# those whose path contains a FILTER (default: $VM_TESTS, else the areas
# below), run by tests/run-d.sh with its timeouts multiplied (the guest is
# emulated).  BUILD/dtrace, its workloads, the user-space tests' programs
# and lib/dtrace are copied first,
# so a rebuild on the host during the run changes nothing in the guest.
# Prints run-d.sh's lines and, last, "N passed, N failed, N skipped"; when
# the guest cannot boot here (no qemu, no kernel package), one SKIP line
# with the reason and "0 passed, 0 failed, 1 skipped".  Exit status
# non-zero if a test failed or the guest did not report.

set -u

if [ $# -lt 1 ]; then
	echo "usage: $0 BUILD [FILTER...]" >&2
	exit 2
fi
root=$(cd "$(dirname "$0")/../.." && pwd -P)
cd "$root" || exit 2
build=$1
shift
if [ $# -gt 0 ]; then
	filters=("$@")
else
	# ksym/: kernel variables and unloaded modules' types, which 6.1's
	# kallsyms (CONFIG_KALLSYMS_ALL) and module files give;
	# loop/tst.nomaygoto.sh forces what 6.1 does anyway: left out;
	# quantize()'s branch-free buckets under 6.1's verifier; kernel
	# stacks at syscall probes (the raw path there, syscall.c); of
	# the user-space tests, those that take 6.1's other paths (a perf
	# event a uprobe, the caller put in ustack(), the r_brk hook)
	read -r -a filters <<< "${VM_TESTS:-loop/tst.loops aggs/tst.quantize_ stacks/tst.stack_default stacks/tst.stackdepth.d subr/ vars/ lang/ spec/ fbt/ ksym/ stable/proc/tst. stable/sched/tst.thread stable/sched/tst.queue stable/lockstat/tst.hold stable/io/tst.wait stable/io/tst.loop_mount pid/tst.entry_return pid/tst.ustack_entry pid/tst.dlopen pid/tst.offsets pid/tst.return_others pid/tst.thread pid/tst.paged_strings usdt/tst.sdt usdt/tst.semaphore usdt/tst.header usdt/tst.glob_started usdt/tst.glob_file usdt/tst.glob_probeprov usdt/tst.fork.sh usdt/tst.fork_glob usdt/tst.fork_nokfunc usdt/tst.fork_many usdt/tst.system_fork pid/tst.refused_wide usdt/tst.exec_fork}"
fi
# the whole step, boot included: a last guard, generous because the
# emulated guest slows down many times over on a loaded host (each test
# has its own timeout, multiplied, which stops a hung one)
vm_timeout=${VM_TIMEOUT:-2400}
scale=${VM_TIMEOUT_SCALE:-3}

echo "== D tests in a Linux 6.1 guest (QEMU, tests/vm/)"
if [ ! -x "$build/dtrace" ] || [ ! -x "$build/tests/workload" ]; then
	echo "FAIL VM tests: $build/dtrace or its workload not built"
	echo "0 passed, 1 failed, 0 skipped"
	exit 1
fi

. tests/vm/snapshot.sh
mkdir -p .qemu-test
snap=$(mktemp -d "$root/.qemu-test/snap.XXXXXX")
log=$snap/console.log
trap 'rm -rf "$snap"' EXIT
vm_snapshot "$build" "$snap"

tests/vm/qemu-run.sh -t "$vm_timeout" -- env BDT_TIMEOUT_SCALE="$scale" \
	tests/run-d.sh "$snap/build/dtrace" "${filters[@]}" > "$log" 2>&1
rc=$?
if [ "$rc" -eq 126 ]; then
	echo "SKIP VM tests: $(tail -n 1 "$log")"
	echo "0 passed, 0 failed, 1 skipped"
	exit 0
fi

# run-d.sh's own lines, without the guest console's
vm_console_filter < "$log" |
	grep -v -E '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$'
summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' "$log" |
	tail -n 1)
if [ -z "$summary" ]; then
	echo "FAIL VM tests: the guest gave no summary (status $rc)"
	echo "0 passed, 1 failed, 0 skipped"
	exit 1
fi
echo "$summary"
[ "$rc" -eq 0 ]

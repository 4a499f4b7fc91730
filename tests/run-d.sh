#!/bin/bash
#
# run-d.sh DTRACE [FILTER...]: the golden D test runner.  Runs every test
# under tests/d/<area>/ (or those whose path contains one of the FILTERs)
# against the dtrace binary DTRACE, one at a time, from the repository
# root, and prints one line per test and then "N passed, N failed,
# N skipped".  Exits non-zero if any test failed.  The conventions are
# Oracle DTrace's test suite's, simplified:
#
#   tst.NAME.d   run as "dtrace [@@opts] -s tests/d/AREA/tst.NAME.d [@@args]";
#                must exit 0 (or the @@exit status) and print exactly
#                tst.NAME.out on stdout.  If tst.NAME.err exists, stderr
#                must equal it too; otherwise stderr is ignored.  If
#                tst.NAME.sed exists, stdout goes through "sed -f" first.
#   err.D_TAG.NAME.d
#                run with "-x errtags"; must exit 1 with "[D_TAG]" on stderr.
#                If err.D_TAG.NAME.err exists, stderr must equal it (the
#                whole message: DTrace's headline and the located block).
#   tst.NAME.sh  run as "bash tst.NAME.sh DTRACE" (DTRACE an absolute path,
#                the workload's path in $BDT_WORKLOAD); compared like a
#                tst.NAME.d.
#
# Directives, one per line, anywhere in the test file ("/* @@name: value */"
# in D, "# @@name: value" in shell):
#
#   @@opts: -q -x foo    extra dtrace arguments, before -s (-q is NOT implied)
#   @@args: a b          macro arguments, after the script ($1, $$1 ...)
#   @@exit: N            the expected exit status (default 0)
#   @@timeout: N         seconds before dtrace is killed and the test fails
#                        (default 20)
#   @@trigger: CMD ARGS  a process started once dtrace is ready and killed
#                        (with its children) when dtrace ends; a first word
#                        "workload" means build/tests/workload
#   @@skip: reason       do not run the test
#   @@needs: WHAT...     skip the test unless the kernel has each WHAT:
#                        "kprobes" (kernel functions can be traced: fbt;
#                        tests/vm/'s guest has them), "module:NAME" (a
#                        loaded module), "memcg" (a memory cgroup can
#                        be made), "ksym:NAME" (a kernel symbol, a
#                        function, kfunc or, with CONFIG_KALLSYMS_ALL,
#                        variable, by /proc/kallsyms), "modfile:NAME"
#                        (the module's file, uncompressed, is in the
#                        running kernel's modules.dep), "ia32" (32-bit x86
#                        programs run: a kernel can be built or booted
#                        without them), "cmd:NAME" (a program on the
#                        PATH, e.g. tshark), "!WHAT" (the machine lacks
#                        WHAT)
#   @@xfail: reason      a known failure: reported as XFAIL and counted as
#                        skipped; if it passes it is reported as XPASS
#
# In @@opts, @@args and @@trigger, @BUILD@ is the dtrace's directory
# (build), where the test programs are: "@@opts: -c @BUILD@/tests/uprog".
# Shell tests find it in $BDT_BUILD.
#
# Readiness, for @@trigger: the runner gives dtrace a file descriptor in
# BDT_READY_FD, on which dtrace writes "ready" once every probe is
# attached, BEGIN has fired and tracing is active (src/runtime/ready.h);
# the trigger starts then, or when dtrace has ended, or after a fallback
# of 10 s (scaled by BDT_TIMEOUT_SCALE) if the notice never comes.  The
# "matched N probes" notice is no sign: it comes before the probes are
# attached.  Triggers loop until killed, so a test that is content with
# "some" events needs no more than that.
#
# Every run is under timeout(1) with stdin from /dev/null, so the runner
# needs no terminal and cannot hang.  BDT_TIMEOUT_SCALE=N multiplies every
# timeout by N (tests/vm/ runs the tests in an emulated, slower machine).  Tests need root; without it, every
# test is skipped with one message.

set -u

if [ $# -lt 1 ]; then
	echo "usage: $0 DTRACE [FILTER...]" >&2
	exit 2
fi
dtrace=$1
shift
filters=("$@")

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
case $dtrace in
/*) ;;
*) dtrace=$root/$dtrace ;;
esac
export BDT_WORKLOAD=${BDT_WORKLOAD:-$(dirname "$dtrace")/tests/workload}
# the build directory of the dtrace under test (@BUILD@ in directives),
# where the test programs are (build/tests/uprog ...)
build=$(dirname "$dtrace")
export BDT_BUILD=$build

# Only the runner itself removes its directory: a background subshell
# killed while it has not yet exec'd its command runs the EXIT trap too.
tmp=$(mktemp -d /tmp/bdtrace-d.XXXXXX)
main_pid=$BASHPID
trap '[ "$BASHPID" = "$main_pid" ] && rm -rf "$tmp"' EXIT

passed=0 failed=0 skipped=0

# directive FILE NAME: the value of @@NAME in FILE, trimmed; status 1 if
# the directive is absent.
directive() {
	local line
	line=$(grep -m1 -E "@@$2:" "$1") || return 1
	line=${line#*@@"$2":}
	line=${line%%\*/*}
	line=${line#"${line%%[![:space:]]*}"}
	line=${line%"${line##*[![:space:]]}"}
	printf '%s' "$line"
}

# has KERNEL_FEATURE: whether the running kernel has it (see @@needs).
has() {
	case $1 in
	kprobes) [ -e /sys/bus/event_source/devices/kprobe/type ] ;;
	memcg)	# a memory cgroup can be made (v2, or v1's controller)
		grep -qw memory /sys/fs/cgroup/cgroup.controllers 2> /dev/null ||
			[ -d /sys/fs/cgroup/memory ] ;;
	module:*) [ -d "/sys/module/${1#module:}" ] ;;
	modfile:*)	# the running kernel has the module's file
		grep -q "/${1#modfile:}\.ko:" \
			"/lib/modules/$(uname -r)/modules.dep" 2> /dev/null ;;
	ksym:*) grep -q " ${1#ksym:}\$" /proc/kallsyms ;;
	cmd:*) command -v "${1#cmd:}" > /dev/null ;;
	ia32)	# a 32-bit program (gcc -m32) can be executed
		local d ok=1
		d=$(mktemp -d) || return 1
		printf 'int main(void) { return 0; }\n' > "$d/t.c"
		gcc -m32 -o "$d/t" "$d/t.c" 2> /dev/null && "$d/t" 2> /dev/null &&
			ok=0
		rm -rf "$d"
		return $ok ;;
	'!'*) ! has "${1#!}" ;;
	*) return 1 ;;
	esac
}

# has_all WHAT...: has each of them
has_all() {
	local w
	for w in "$@"; do
		has "$w" || return 1
	done
}

# show FILE: the first lines of FILE, indented, for a failure report.
show() {
	head -n "${2:-40}" "$1" | sed 's/^/    | /'
	local n
	n=$(wc -l < "$1")
	if [ "$n" -gt "${2:-40}" ]; then
		echo "    | ... ($n lines)"
	fi
}

# start_trigger CMD...: start CMD in its own process group (so that it
# and its children can be killed together); sets trig_pid.
start_trigger() {
	local -a words
	read -r -a words <<< "$1"
	if [ "${words[0]}" = workload ]; then
		words[0]=$BDT_WORKLOAD
	fi
	# stderr is redirected around the fork, not only the command: a
	# trigger killed before it has exec'd would still report to it.
	{ setsid "${words[@]}" < /dev/null > /dev/null & } 2> /dev/null
	trig_pid=$!
}

stop_trigger() {
	local i
	if [ -n "$trig_pid" ]; then
		kill -TERM -- "-$trig_pid" 2> /dev/null
		kill -TERM "$trig_pid" 2> /dev/null
		# a stopped trigger (stop(), raise()) only dies once continued,
		# and one that ignores TERM is killed: the runner never hangs
		kill -CONT -- "-$trig_pid" 2> /dev/null
		for i in $(seq 40); do
			kill -0 "$trig_pid" 2> /dev/null || break
			sleep 0.05
		done
		kill -KILL -- "-$trig_pid" 2> /dev/null
		kill -KILL "$trig_pid" 2> /dev/null
		wait "$trig_pid" 2> /dev/null
		trig_pid=
	fi
}

# wait_ready PID: wait until dtrace (PID) is tracing; see the top.
wait_ready() {
	local i
	for ((i = 0; i < 200 * ${BDT_TIMEOUT_SCALE:-1}; i++)); do
		if [ -s "$tmp/ready" ] || ! kill -0 "$1" 2> /dev/null; then
			return
		fi
		sleep 0.05
	done
}

# run_cmd TIMEOUT TRIGGER CMD...: run CMD with stdout in $tmp/out and
# stderr in $tmp/err; sets rc (124 on a timeout).  SIGINT is reset to its
# default because background jobs of a script inherit it ignored.
run_cmd() {
	local to=$1 trig=$2 pid
	shift 2
	trig_pid=
	# emptied here, not by the job's own redirection, which may happen
	# only after wait_ready has looked at the previous test's output
	: > "$tmp/out"
	: > "$tmp/err"
	: > "$tmp/ready"
	# the readiness notice only for a test with a trigger: any other
	# test runs with no descriptor 3 open (a traced command's first
	# open() returns 3, as it would outside the runner)
	if [ -n "$trig" ]; then
		timeout -k 5 "$to" env --default-signal=INT BDT_READY_FD=3 \
			"$@" < /dev/null > "$tmp/out" 2> "$tmp/err" \
			3> "$tmp/ready" &
	else
		timeout -k 5 "$to" env --default-signal=INT "$@" \
			< /dev/null > "$tmp/out" 2> "$tmp/err" &
	fi
	pid=$!
	if [ -n "$trig" ]; then
		wait_ready "$pid"
		start_trigger "$trig"
	fi
	wait "$pid"
	rc=$?
	stop_trigger
	if [ "$rc" -eq 137 ]; then
		rc=124
	fi
}

# check_output TEST: compare $tmp/out (and $tmp/err) with the expected
# files beside TEST; prints the differences and returns 1 on a mismatch.
check_output() {
	local base=${1%.*} ok=0
	if [ -f "$base.sed" ]; then
		sed -f "$base.sed" "$tmp/out" > "$tmp/out.sed"
		mv "$tmp/out.sed" "$tmp/out"
	fi
	if [ ! -f "$base.out" ]; then
		echo "    missing expected output $base.out"
		ok=1
	elif ! cmp -s "$base.out" "$tmp/out"; then
		echo "    stdout differs (- expected, + actual):"
		diff -u "$base.out" "$tmp/out" | tail -n +3 > "$tmp/diff"
		show "$tmp/diff"
		ok=1
	fi
	if [ -f "$base.err" ] && ! cmp -s "$base.err" "$tmp/err"; then
		echo "    stderr differs (- expected, + actual):"
		diff -u "$base.err" "$tmp/err" | tail -n +3 > "$tmp/diff"
		show "$tmp/diff"
		ok=1
	fi
	return $ok
}

# run_test TEST: run one test; prints its details on failure and
# returns 0 (pass) or 1 (fail).
run_test() {
	local t=$1 name=${1##*/} to want trig opts args tag
	to=$(directive "$t" timeout) || to=20
	to=$((to * ${BDT_TIMEOUT_SCALE:-1}))
	want=$(directive "$t" exit) || want=0
	trig=$(directive "$t" trigger) || trig=
	opts=$(directive "$t" opts) || opts=
	args=$(directive "$t" args) || args=
	opts=${opts//@BUILD@/$build} args=${args//@BUILD@/$build}
	trig=${trig//@BUILD@/$build}
	local -a o a
	read -r -a o <<< "$opts"
	read -r -a a <<< "$args"

	case $name in
	err.*.d)
		tag=${name#err.}
		tag=${tag%%.*}
		run_cmd "$to" "$trig" "$dtrace" -x errtags "${o[@]}" -s "$t" "${a[@]}"
		want=1
		;;
	*.sh)
		run_cmd "$to" "$trig" bash "$t" "$dtrace"
		;;
	*)
		run_cmd "$to" "$trig" "$dtrace" "${o[@]}" -s "$t" "${a[@]}"
		;;
	esac

	if [ "$rc" -eq 124 ]; then
		echo "    timed out after $to s"
		show "$tmp/err" 10
		return 1
	fi
	if [ "$rc" -ne "$want" ]; then
		echo "    exit status $rc, expected $want; stderr:"
		show "$tmp/err" 10
		return 1
	fi
	case $name in
	err.*)
		if ! grep -qF "[$tag]" "$tmp/err"; then
			echo "    stderr lacks [$tag]:"
			show "$tmp/err" 10
			return 1
		fi
		if [ -f "${t%.*}.err" ] && ! cmp -s "${t%.*}.err" "$tmp/err"; then
			echo "    stderr differs (- expected, + actual):"
			diff -u "${t%.*}.err" "$tmp/err" | tail -n +3 > "$tmp/diff"
			show "$tmp/diff"
			return 1
		fi
		return 0
		;;
	esac
	check_output "$t"
}

# selected TEST: whether TEST matches the command line's filters.
selected() {
	local f
	[ ${#filters[@]} -eq 0 ] && return 0
	for f in "${filters[@]}"; do
		case $1 in
		*"$f"*) return 0 ;;
		esac
	done
	return 1
}

mapfile -t tests < <(find tests/d -type f \( -name 'tst.*.d' -o \
	-name 'err.*.d' -o -name 'tst.*.sh' \) 2> /dev/null | LC_ALL=C sort)

selection=()
for t in "${tests[@]}"; do
	selected "$t" && selection+=("$t")
done

if [ "$(id -u)" -ne 0 ]; then
	echo "SKIP all ${#selection[@]} D tests: tracing needs root"
	echo "0 passed, 0 failed, ${#selection[@]} skipped"
	exit 0
fi
if [ ! -x "$dtrace" ]; then
	echo "FAIL all ${#selection[@]} D tests: no executable $dtrace"
	echo "0 passed, ${#selection[@]} failed, 0 skipped"
	exit 1
fi

for t in "${selection[@]}"; do
	if reason=$(directive "$t" skip); then
		echo "SKIP $t ($reason)"
		skipped=$((skipped + 1))
		continue
	fi
	if need=$(directive "$t" needs) && ! has_all $need; then
		echo "SKIP $t (the machine lacks: $need)"
		skipped=$((skipped + 1))
		continue
	fi
	xfail=$(directive "$t" xfail) || xfail=
	run_test "$t" > "$tmp/report"
	status=$?
	if [ -n "$xfail" ]; then
		if [ $status -eq 0 ]; then
			echo "XPASS $t (remove its @@xfail: $xfail)"
			passed=$((passed + 1))
		else
			echo "XFAIL $t ($xfail)"
			skipped=$((skipped + 1))
		fi
	elif [ $status -eq 0 ]; then
		echo "PASS $t"
		passed=$((passed + 1))
	else
		echo "FAIL $t"
		cat "$tmp/report"
		failed=$((failed + 1))
	fi
done

echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]

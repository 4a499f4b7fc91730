# seeds.sh: the command line the generated-program steps share (run.sh,
# run_expr.sh), sourced after setting default_count: DTRACE [FIRST
# [COUNT]] into dtrace, first and count, and the settings from the
# environment: scale (BDT_TIMEOUT_SCALE) and keep (BDT_FUZZ_KEEP, where
# a finding's programs are kept).

if [ $# -lt 1 ]; then
	echo "usage: $0 DTRACE [FIRST [COUNT]]" >&2
	exit 2
fi
dtrace=$1
first=${2:-1}
count=${3:-$default_count}
scale=${BDT_TIMEOUT_SCALE:-1}
keep=${BDT_FUZZ_KEEP:-/tmp/bdtrace-fuzz}

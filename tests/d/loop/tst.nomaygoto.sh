#!/bin/bash
#
# Every golden test whose D code has loops (the string and path subroutines,
# inet_*, chill() ...) run again with loops forced to their form for
# kernels without may_goto (bpf_loop() callbacks, -x nomaygoto): dtrace
# is wrapped to add the option and the golden runner run on those tests.
# Only failures are printed, so tests added later need no change here.
#
# @@timeout: 400

dtrace=$1
root=$(cd "$(dirname "$0")/../../.." && pwd)
tmp=$(mktemp -d /tmp/bdtrace-nomaygoto.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

printf '#!/bin/sh\nexec "%s" -x nomaygoto "$@"\n' "$dtrace" > "$tmp/dtrace"
chmod +x "$tmp/dtrace"
export BDT_WORKLOAD=${BDT_WORKLOAD:-$(dirname "$dtrace")/tests/workload}
bash "$root/tests/run-d.sh" "$tmp/dtrace" subr/tst. destructive/tst.chill \
	conf/stress/tst.strings_many conf/stress/tst.mixed_clause \
	loop/tst.loops |
	grep -v '^PASS\|^SKIP\|^XFAIL\|passed, .* failed'
# and the option does give the callback form
"$dtrace" -x nomaygoto -S -e -n 'BEGIN { trace(toupper("a")); }' 2>&1 |
	grep -c 'call bpf_loop'
echo "loops without may_goto: done"

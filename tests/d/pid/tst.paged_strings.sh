#!/bin/bash
#
# copyinstr() and copyin() of strings the process has not paged in
# (uprog's "paged": a page of a file mapping dropped before each call,
# and a string whose first page is in and whose second is not) at pid
# and USDT probes: the firing is saved, a sleepable program on the same
# uprobe faults the copy's pages in, and the clauses are finished by a
# replay program on the same hit, with the firing's probe, arguments,
# timestamp and this-> variables, before the records of later probes.
# With -x nodefer, or where the clause changed something before the
# copy, it is DTrace's "invalid address"; an address that is truly not
# there is a fault either way.  See codegen/cg_defer.c.
# Both uprobe_multi links (Linux 6.6) and perf-event uprobes (before
# 6.6, tests/vm's 6.1 guest; BDT_UPROBE_MULTI=0 here) take the sleepable
# program; on both the kernel runs a uprobe's programs newest first.
# A kernel that refuses sleepable uprobe programs (before Linux 6.0;
# BDT_SLEEPABLE=0 here) gets the replay alone: DTrace's "invalid
# address", as with -x nodefer, and tracing goes on.
# @@timeout: 60

dtrace=$1
err=$(mktemp)
trap 'rm -f "$err"' EXIT
run() {
	"$dtrace" -q -c "$BDT_BUILD/tests/uprog -c 2 paged" "$@" 2> "$err"
	echo "status $?"
	grep -v '^uprog: ' "$err" | sed -e 's/(0x[0-9a-f]*)/(ADDR)/' \
		-e 's/ID [0-9]*: pid[0-9]*:/ID N: pidN:/' \
		-e 's/uprog[0-9]*:/uprogN:/'
}
entry='pid$target::up_str:entry'

echo "== pid and USDT probes"
run -n "$entry { printf(\"%s\n\", copyinstr(arg0)); }" \
    -n 'uprog$target:::str-arg { printf("usdt %s\n", copyinstr(arg0)); }'
echo "== perf-event uprobes (as before Linux 6.6)"
BDT_UPROBE_MULTI=0 run -n "$entry { printf(\"%s\n\", copyinstr(arg0)); }" \
    -n 'uprog$target:::str-arg { printf("usdt %s\n", copyinstr(arg0)); }'
echo "== a kernel that refuses sleepable uprobe programs (before 6.0)"
BDT_SLEEPABLE=0 run -n "$entry { printf(\"%s\n\", copyinstr(arg0)); }"
echo "== -x nodefer"
run -x nodefer -n "$entry { printf(\"%s\n\", copyinstr(arg0)); }"
echo "== order, timestamp, this->"
run -n "$entry { this->x = 5; self->ts = timestamp; }" \
    -n "$entry { printf(\"%d %s %d\n\", this->x, copyinstr(arg0),
	timestamp == self->ts); }" \
    -n 'pid$target::up_str:return { printf("return %d\n", arg1); }'
echo "== copyin, an aggregation key"
run -n "$entry { printf(\"%s\n\", stringof(copyin(arg0, 8)));
	@[copyinstr(arg0)] = count(); }"
echo "== a change before the copy: not deferred, counted once"
run -n "$entry { k++; printf(\"%s\n\", copyinstr(arg0)); }" \
    -n 'END { printf("k %d\n", k); }'
echo "== truly not there"
run -n "$entry { printf(\"%s\n\", copyinstr(arg0 + (1 << 44))); }"

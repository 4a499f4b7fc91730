#!/bin/bash
#
# copyinstr() of a string the process has not paged in (the workload's
# openpaged: the path sits in a mapping dropped before each open) at a
# system call's entry: the firing is finished at the call's return,
# when the kernel has read the string, with the entry's probe,
# arguments, timestamp and this-> variables, and its records in order
# before the return's.  With -x nodefer, or where the clause changed
# something before the copy, it is DTrace's "invalid address" at the
# entry, as the memory cannot be read there; an address that is truly
# not there is a fault either way.  See codegen/cg_defer.c.  The
# probe's ID is left out: it depends on the kernel's system calls (the
# test runs in tests/vm/'s Linux 6.1 guest too).
# @@timeout: 60

dtrace=$1
run() {
	"$dtrace" -q -c "$BDT_WORKLOAD -n pagedtest -c 3 openpaged /etc/hostname" \
		"$@" -n 'syscall::openat:entry /execname == "pagedtest"/ { n++; }
		syscall::openat:entry /n == 3/ { exit(0); }' 2>&1 |
		sed -e 's/(0x[0-9a-f]*)/(ADDR)/' -e 's/DIF offset [0-9]*/DIF offset N/' \
		    -e 's/(ID [0-9]*: syscall:/(ID N: syscall:/'
	echo "status ${PIPESTATUS[0]}"
}
# the probe clauses come first: they are the entry's
paths='syscall::openat:entry /execname == "pagedtest"/'

echo "== deferred to the return"
run -n "$paths { printf(\"%s\n\", copyinstr(arg1)); }"
echo "== -x nodefer"
run -x nodefer -n "$paths { printf(\"%s\n\", copyinstr(arg1)); }"
echo "== order, timestamp, errno, this->"
run -n "$paths { this->x = 5; }" -n "$paths { printf(\"entry %d %d %s\n\",
	this->x, errno, copyinstr(arg1)); self->ts = timestamp; }" \
    -n 'syscall::openat:return /execname == "pagedtest"/ {
	printf("return %d %d\n", timestamp > self->ts, errno); }'
echo "== aggregation key"
run -n "$paths { @[copyinstr(arg1)] = count(); }"
echo "== a change before the copy: not deferred, counted once"
run -n "$paths { k++; printf(\"%s\n\", copyinstr(arg1)); }" \
    -n 'END { printf("k %d\n", k); }'
echo "== truly not there"
run -n "$paths { printf(\"%s\n\", copyinstr(16)); }"
run -n "$paths { printf(\"%s\n\", copyinstr(arg1 + (1 << 44))); }"

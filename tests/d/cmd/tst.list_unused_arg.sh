#!/bin/bash
#
# dtrace -l checks its operands as a run would: one that no description
# or clause references is an extraneous argument (D_MACRO_UNUSED), the
# listing not printed and the exit status 1, as DTrace does for
# "dtrace -lf read '{...}'", where the clause was meant as part of the
# description.  A referenced operand lists what it names: in the
# description ($1), or only in a clause body (a listing compiles no
# body, so a reference there counts as it is written).  (The ID
# column left out: probe ids differ between kernels.)

dtrace=$1
for args in "-lf read {trace(1);}" "-ln syscall::read:entry x y"; do
	echo "== dtrace $args"
	$dtrace $args 2>&1
	echo "exit $?"
done
echo "== dtrace -ln syscall::\$1:entry read"
$dtrace -ln 'syscall::$1:entry' read | awk '{ print $2, $3, $4, $5 }'
echo "exit ${PIPESTATUS[0]}"
echo "== a body that uses \$2"
$dtrace -ln 'syscall::read:entry { trace($2); }' a b |
	awk '{ print $2, $3, $4, $5 }'
echo "exit ${PIPESTATUS[0]}"

#!/bin/bash
# -x oformat=json, the records: trace() of signed and unsigned integers,
# a string with characters JSON escapes, a struct's bytes (hex); printf()
# (its text, then each argument); tracemem(); exit() writes nothing.
# The workload writes known bytes that the probe copies in.
# @@trigger: workload -n bdt-oformat -c 1 writehex 020000000000000040e2010000000000
dtrace=$1
"$dtrace" -x oformat=json -qn '
syscall::write:entry
/execname == "bdt-oformat"/
{
	trace(42);
	trace(-7);
	trace((uint8_t)255);
	trace("a \"quoted\"\ttab\\");
	trace(*(struct timespec64 *)copyin(arg1, 16));
	printf("%s=%d %u\n", "x", -12, 3);
	tracemem(copyin(arg1, 16), 16, 9);
	exit(0);
}' | python3 "$(dirname "$0")/oformat.py" json --mask cpu --mask id

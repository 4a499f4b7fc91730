#!/bin/bash
#
# Speculative Tracing chapter: speculative buffers are finite (nspec,
# default 1); speculation() returns 0 when none is free, and dtrace
# reports the failed speculations on stderr.
#
dtrace=$1
"$dtrace" -q -n '
BEGIN
{
	a = speculation();
	b = speculation();
	printf("first %s, second %d\n", a != 0 ? "nonzero" : "zero", b);
}

BEGIN
{
	discard(a);
}

BEGIN
{
	exit(0);
}' 2>&1

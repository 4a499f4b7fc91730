#!/bin/bash
#
# -x core (a bare option, as in DTrace) ends dtrace with a core dump
# once its output is out, announced by a "libdtrace DEBUG" line:
# SIGABRT's status, whatever the soft limit on core files.  Where the
# core goes is the kernel's core_pattern; run from a directory of its
# own, which is removed with whatever core landed there.

dtrace=$1
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cd "$d" || exit 1
(ulimit -S -c 0; exec "$dtrace" -x core -qn 'BEGIN { printf("traced\n"); exit(0); }' \
    2> err)
echo "status $?"
sed -E 's/DEBUG [0-9]+:/DEBUG N:/' err
"$dtrace" -x core=yes -qn 'BEGIN { exit(0); }'
echo "status $?"

#!/bin/bash
#
# A dtrace -h header compiles for 32-bit programs too (gcc -m32, from
# gcc-multilib): its SDT notes' addresses are pointer-sized, so the
# program builds and its notes read as SystemTap's do (that it runs:
# tst.header32_run.sh); dtrace -G, which
# links x86-64 objects only, refuses a 32-bit one among 64-bit ones
# with one line and a non-zero status.
dtrace=$1
. "$(dirname "$0")/hp32.inc"
readelf -n t32 | grep -E 'NT_STAPSDT|Provider|Name:' | tr -s ' \t' ' '
gcc -c -o t64.o t.c && gcc -m32 -c -o t32.o t.c || exit 1
"$dtrace" -G -s prov.d t64.o t32.o 2>&1
echo "-G status $?"

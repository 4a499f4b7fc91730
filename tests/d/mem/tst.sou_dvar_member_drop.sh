#!/bin/bash
#
# A store into a member of an absent struct-valued element when its map
# is full: the element cannot be created, so a dynamic variable drop is
# counted and the store faults "invalid address (0x0)" (DTrace stores
# through the null address of its failed allocation); the elements
# already there keep their values and tracing goes on.
dtrace=$1
err=$(mktemp)
# 60 bytes hold two elements (a 16-byte tuple and a 12-byte value each)
"$dtrace" -x dynvarsize=60 -qn '
struct rec { int id; char name[8]; };
struct rec a[int];
BEGIN { a[1].id = 1; a[2].id = 2; a[3].id = 3; printf("not reached\n"); }
BEGIN { printf("%d %d %d\n", a[1].id, a[2].id, a[3].id); exit(0); }' 2> "$err"
echo "status $?"
sed -e "s/ at DIF offset [0-9]*$//" "$err"
rm -f "$err"

#!/bin/bash
#
# Recording a NULL string (trace, printf's %s, an aggregation key) faults
# as DTrace's copy from address 0 does: "invalid address (0x0)" in the
# action, with no DIF offset, and ERROR's arg3 is -1.  A string
# subroutine given NULL (a miss, or NULL itself) faults reading it (at a
# DIF offset).  Each fault
# abandons its clause only.
dtrace=$1
err=$(mktemp)
script=$(mktemp --suffix=.d)
cat > "$script" <<'D'
BEGIN { trace(strstr("abc", "z")); printf("not reached\n"); }
BEGIN { printf("ok\n"); printf("%s\n", strchr("abc", 'z')); }
BEGIN { @[strrchr("abc", 'z')] = count(); }
BEGIN { trace(strtok(NULL, "!")); }
BEGIN { trace(1 ? strstr("a", "b") : "x"); }
BEGIN { x = strlen(strstr("abc", "z")); }
BEGIN { y = strjoin("a", strchr("abc", 'z')); }
BEGIN { z = strtok(strstr("abc", "def"), ""); }
BEGIN { w = strlen(NULL); }
ERROR { printf("ERROR %d %d 0x%x\n", arg2, (int)arg3 == -1, arg5); }
BEGIN { printf("done\n"); exit(0); }
D
"$dtrace" -qs "$script" 2> "$err"
echo "status $?"
sed 's/ at DIF offset [0-9]*$/ at DIF offset N/' "$err"
rm -f "$err" "$script"

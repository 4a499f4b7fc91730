#!/bin/bash
# Clauses of 320 statements, each some 120 instructions: past what a
# BPF jump's 16-bit offset crosses, so the jumps to a clause's end (a
# false predicate, a fault) go through relays placed between its
# statements (cg_prog.c).  Before, "program too long: jump offset out
# of range".  The second clause's predicate is false; the third
# faults at its 99th statement, where its record is dropped and
# ERROR fires; END shows what each ran.  No string loops (lltostr()):
# on Linux 6.1 each is a bpf_loop() callback, and a program has at
# most 256.
# @@timeout: 60
dtrace=$1
n=160
d=$(mktemp --suffix=.d) || exit 1
trap 'rm -f "$d"' EXIT

body() {
	for ((i = 1; i <= n; i++)); do
		if [ "$1" = fault ] && [ $i = 50 ]; then
			echo "	t$2 += *(int *)0;"
		fi
		echo "	a[strjoin(\"$2\", \"#$i\")] = $i;"
		echo "	t$2 += a[strjoin(\"$2\", \"#$i\")];"
	done
}

{
	echo 'int t1, t2, t3;'
	echo 'BEGIN {'
	body ok 1
	echo '	printf("clause 1: %d\n", t1);'
	echo '}'
	echo 'BEGIN /t1 == 0/ {'
	body ok 2
	echo '	printf("clause 2: %d\n", t2);'
	echo '}'
	echo 'BEGIN {'
	body fault 3
	echo '	printf("clause 3: %d\n", t3);'
	echo '}'
	echo 'ERROR { printf("fault %d at %d\n", arg4, arg5); }'
	echo 'END { printf("%d %d %d\n", t1, t2, t3); }'
	echo 'BEGIN { exit(0); }'
} > "$d"
"$dtrace" -q -s "$d" 2>&1 | sed 's/ at DIF offset [0-9]*$//'
echo "status ${PIPESTATUS[0]}"

#!/bin/bash
# if/else branches of 160 statements, each some 120 instructions: the
# jump from the condition over the then-branch, and the one from its end
# over the else-branch, cross more than a BPF jump's 16-bit offset, so
# they go through relays placed between the branches' statements, as the
# jumps to a clause's end do (cg_prog.c).  Before, "program too long:
# jump offset out of range".  Each branch runs once (x is 0, then 1), one
# inside another if, and a fault deep in a taken branch still ends its
# clause.
# @@timeout: 60
script=$(mktemp --suffix=.d) || exit 1
trap 'rm -f "$script"' EXIT

# stmts NAME SUM [fault]: 160 statements adding 1..160 to tSUM
stmts() {
	local i
	for i in $(seq 1 160); do
		[ "${3-}" = fault ] && [ "$i" = 90 ] && echo "t$2 += *(int *)0;"
		printf 'a[strjoin("%s", "#%d")] = %d;\nt%s += a[strjoin("%s", "#%d")];\n' \
			"$1" "$i" "$i" "$2" "$1" "$i"
	done
}

clause() {
	echo 'BEGIN {'
	echo '	if (x == 0) {'
	stmts then 1
	echo '	} else {'
	stmts else 2
	echo '	}'
	echo '	x++;'
	echo '	printf("then %d else %d\n", t1, t2);'
	echo '}'
}

{
	echo 'int x, t1, t2, t3;'
	clause
	clause
	echo 'BEGIN {'
	echo '	if (x == 2) {'
	echo '		if (t1 > 0) {'
	stmts deep 3 fault
	echo '		}'
	echo '	}'
	echo '	printf("not reached %d\n", t3);'
	echo '}'
	echo 'ERROR { printf("fault %d\n", arg4); }'
	echo 'END { printf("%d %d %d\n", t1, t2, t3); }'
	echo 'BEGIN { exit(0); }'
} > "$script"
"$1" -q -s "$script" 2>&1 | sed 's/ at DIF offset [0-9]*$//'
echo "status ${PIPESTATUS[0]}"

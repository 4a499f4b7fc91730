#!/bin/bash
# Nests of string subroutines 64 and 200 deep: strjoin() on its first
# argument, on its second, and a chain on the first argument through
# strjoin(), toupper(), substr(), tolower() and dirname().  Each call's
# result is built in the buffer its parent lent it (cg_subr.c's str_in),
# and strjoin()s on the second argument are appended in turn to one
# buffer (cg_subr_str.c), so the depth costs no scratch: before, about
# thirty strjoin()s nested on their first argument (with strsize 256)
# were "expression too complex".  With strsize 16 the strings are cut
# where DTrace cuts them.
dtrace=$1

# nest N KIND: the expression, KIND l (first argument), r (second), m
nest() {
	local e='"/x"' i
	for ((i = 0; i < $1; i++)); do
		case $2$((i % 6)) in
		l*) e="strjoin($e, \"$((i % 10))\")" ;;
		r*) e="strjoin(\"$((i % 10))\", $e)" ;;
		m0) e="strjoin($e, \"/a$i\")" ;;
		m1) e="toupper($e)" ;;
		m2) e="substr($e, 0)" ;;
		m3) e="tolower($e)" ;;
		m4) e="dirname(strjoin($e, \"/q\"))" ;;
		m5) e="strjoin(substr($e, 1), \"b\")" ;;
		esac
	done
	echo "$e"
}

for strsize in 256 16; do
	for depth in 64 200; do
		for kind in l r m; do
			printf '%s %s %s: ' $strsize $depth $kind
			"$dtrace" -q -x strsize=$strsize -n "BEGIN {
			    printf(\"%s\\n\", $(nest $depth $kind)); exit(0); }" 2>&1
		done
	done
done

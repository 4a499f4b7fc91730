#!/bin/bash
# A thousand quantize() calls in one clause (500 of x, 500 of -x).  Each bucket index is
# computed without a branch (codegen/cg_agg.c): with a dozen branches
# each, the verifier gave up after about 200 of them ("BPF program is
# too large. Processed 1000001 insn"), or kept more than 8,192 states
# pending ("The sequence of 8193 jumps is too complex").
# @@timeout: 60
script=$(mktemp --suffix=.d) || exit 1
trap 'rm -f "$script"' EXIT
{
	echo 'int x;'
	echo 'BEGIN {'
	echo '	x = 1000;'
	for i in $(seq 500); do
		echo '	@ = quantize(x);'
		echo '	@n = quantize(-x);'
	done
	echo '	exit(0);'
	echo '}'
} > "$script"
"$1" -q -s "$script"
echo "status $?"

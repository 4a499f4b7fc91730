#!/bin/bash
#
# A blank probe name covers entry, return and every instruction of the
# function, each named by its offset in hexadecimal: the offsets listed
# for up_top are objdump's instruction boundaries.  Probes on offsets
# fire: every instruction of up_asm once (its offset 0 is the entry too).
dtrace=$1
prog=$BDT_BUILD/tests/uprog
tmp=$(mktemp -d)
"$dtrace" -l -n 'pid$target:a.out:up_top:' -c "$prog" 2> /dev/null |
	awk 'NR > 1 { print $5 }' | sort > "$tmp/got"
start=$(nm "$prog" | awk '$3 == "up_top" { print $1 }')
objdump -d --no-show-raw-insn "$prog" |
	awk '/<up_top>:/ { f = 1; next }
	     f && !/^ *[0-9a-f]+:/ { exit }
	     f { sub(/:.*/, ""); print $1 }' |
	while read -r a; do printf '%x\n' $((16#$a - 16#$start)); done \
	> "$tmp/want"
echo entry >> "$tmp/want"
echo return >> "$tmp/want"
sort -o "$tmp/want" "$tmp/want"
if cmp -s "$tmp/got" "$tmp/want"; then
	echo "up_top: $(wc -l < "$tmp/got") probes, at objdump's boundaries"
else
	diff "$tmp/want" "$tmp/got"
fi
"$dtrace" -q -c "$prog" -n 'pid$target:a.out:up_asm: { @[probename] = count(); }' \
	2> /dev/null
echo "status $?"
rm -rf "$tmp"

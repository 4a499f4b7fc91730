# umem.sh: sourced by shell tests that look into a traced process's
# memory (a uprobe's breakpoint, a USDT semaphore) through /proc/PID/mem.
#
#   umem_wait PID NAME        wait until PID maps a file named NAME (2 s,
#                             scaled by BDT_TIMEOUT_SCALE)
#   umem_addr PID PROG SYM    the address of PROG's symbol SYM in PID
#                             (PROG a position-independent executable)
#   umem_read PID ADDR N FMT  N bytes at ADDR, as od -t FMT prints them

umem_wait() {
	local i
	for i in $(seq $((100 * ${BDT_TIMEOUT_SCALE:-1}))); do
		grep -q "$2" "/proc/$1/maps" 2> /dev/null && return 0
		sleep 0.02
	done
	return 1
}

umem_addr() {
	local base off
	base=$(awk -v f="/$(basename "$2")" '
		substr($6, length($6) - length(f) + 1) == f && $3 == "00000000" {
			sub(/-.*/, "", $1); print $1; exit
		}' "/proc/$1/maps")
	off=$(nm "$2" | awk -v s="$3" '$3 == s { print $1 }')
	echo $((16#$base + 16#$off))
}

umem_read() {
	dd if="/proc/$1/mem" bs=1 count="$3" skip="$2" iflag=skip_bytes \
		2> /dev/null | od -An -t"$4" | tr -d ' \n'
}

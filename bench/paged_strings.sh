#!/bin/bash
#
# bench/paged_strings.sh DTRACE: how many path strings copyinstr() loses
# at system call entries because the process has not paged them in
# (codegen/cg_defer.c), before (-x nodefer: DTrace's "invalid address"
# at the entry) and after (finished at the call's return).  Each
# command runs under
#
#   syscall::openat:entry, syscall::newfstatat:entry,
#   syscall::faccessat2:entry, syscall::readlinkat:entry
#   /pid == $target/ { printf("%s\n", copyinstr(arg1)); }
#
# (plus access(), stat() and readlink(), whose path is arg0) RUNS times
# (default 5), and the strings printed and the ones lost are summed.
# Then the same at pid probes on libc's functions that take a string
# (getenv(), open(), fopen(), stat(), dcgettext() ...), where a string
# lost is a fault on an address past the null page (textdomain(NULL)
# is a fault either way).  As root.

set -u
if [ $# -ne 1 ]; then
	echo "usage: $0 DTRACE" >&2
	exit 2
fi
dtrace=$1
RUNS=${RUNS:-5}
prog='syscall::openat:entry, syscall::newfstatat:entry,
syscall::faccessat2:entry, syscall::readlinkat:entry
/pid == $target/ { printf("%s\n", copyinstr(arg1)); }
syscall::access:entry, syscall::newstat:entry, syscall::readlink:entry
/pid == $target/ { printf("%s\n", copyinstr(arg0)); }'
uprog='pid$target:libc.so.6:getenv:entry, pid$target:libc.so.6:secure_getenv:entry,
pid$target:libc.so.6:fopen64:entry, pid$target:libc.so.6:open:entry,
pid$target:libc.so.6:opendir:entry, pid$target:libc.so.6:access:entry,
pid$target:libc.so.6:stat:entry, pid$target:libc.so.6:bindtextdomain:entry,
pid$target:libc.so.6:textdomain:entry
{ printf("%s\n", copyinstr(arg0)); }
pid$target:libc.so.6:openat:entry, pid$target:libc.so.6:dcgettext:entry
{ printf("%s\n", copyinstr(arg1)); }'
cmds=("cat /etc/hostname" "ls /usr/bin" "date" "id" "sort /etc/passwd"
      "grep root /etc/passwd" "sh -c true" "perl -e 1")
command -v python3 > /dev/null && cmds+=("python3 -c pass")

# count OPTS CMD PROG: "printed lost" over RUNS runs; printed: the
# lines of the clauses (the command's own output goes to /dev/null),
# lost: faults past the null page
count() {
	local opts=$1 cmd=$2 p=$3 out err printed=0 lost=0 i
	out=$(mktemp) err=$(mktemp)
	for i in $(seq "$RUNS"); do
		: > "$out"
		# shellcheck disable=SC2086
		"$dtrace" -q -Z $opts -o "$out" -c "$cmd" -n "$p" \
			> /dev/null 2> "$err"
		printed=$((printed + $(grep -vc '^$' "$out")))
		lost=$((lost + $(grep -c 'invalid address (0x[0-9a-f]\{4,\})' \
			"$err")))
	done
	rm -f "$out" "$err"
	echo "$printed $lost"
}

# table TITLE PROG: before and after for each command
table() {
	local tb=0 tl=0 ab=0 al=0 c bp bl ap alost

	printf '%-24s %18s %18s\n' "$1 ($RUNS runs)" "before: lost/all" \
		"after: lost/all"
	for c in "${cmds[@]}"; do
		read -r bp bl <<< "$(count "-x nodefer" "$c" "$2")"
		read -r ap alost <<< "$(count "" "$c" "$2")"
		printf '%-24s %18s %18s\n' "$c" "$bl/$((bp + bl))" \
			"$alost/$((ap + alost))"
		tb=$((tb + bp + bl)) tl=$((tl + bl)) ab=$((ab + ap + alost))
		al=$((al + alost))
	done
	printf '%-24s %18s %18s\n' "total" "$tl/$tb" "$al/$ab"
}

table "system calls" "$prog"
echo
table "pid probes" "$uprog"

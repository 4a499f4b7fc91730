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
# As root.

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
cmds=("cat /etc/hostname" "ls /usr/bin" "date" "id" "sort /etc/passwd"
      "grep root /etc/passwd" "sh -c true" "perl -e 1")
command -v python3 > /dev/null && cmds+=("python3 -c pass")

# count OPTS CMD: "printed lost" over RUNS runs
count() {
	local opts=$1 cmd=$2 out err printed=0 lost=0 i
	out=$(mktemp) err=$(mktemp)
	for i in $(seq "$RUNS"); do
		# shellcheck disable=SC2086
		"$dtrace" -q -Z $opts -c "$cmd" -n "$prog" > "$out" 2> "$err"
		printed=$((printed + $(grep -c '^/' "$out")))
		lost=$((lost + $(grep -c 'invalid address' "$err")))
	done
	rm -f "$out" "$err"
	echo "$printed $lost"
}

printf '%-24s %18s %18s\n' "command ($RUNS runs)" "before: lost/all" \
	"after: lost/all"
tb=0 tl=0 ab=0 al=0
for c in "${cmds[@]}"; do
	read -r bp bl <<< "$(count "-x nodefer" "$c")"
	read -r ap alost <<< "$(count "" "$c")"
	printf '%-24s %18s %18s\n' "$c" "$bl/$((bp + bl))" \
		"$alost/$((ap + alost))"
	tb=$((tb + bp + bl)) tl=$((tl + bl)) ab=$((ab + ap + alost))
	al=$((al + alost))
done
printf '%-24s %18s %18s\n' "total" "$tl/$tb" "$al/$ab"

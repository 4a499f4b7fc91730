#!/bin/bash
#
# -x evaltime: where a -c command starts being traced.  exec: at its
# exec, before the dynamic linker runs (its system calls are seen);
# preinit: at the program's entry point, the dynamic linker done but
# the program's constructors not run; postinit and main (the default):
# at main(), the constructors run.  A static program has no dynamic
# linker: it is traced from its exec but for postinit and main, which
# find main() if its symbol table is kept; stripped, it is traced from
# its exec, as DTrace traces it.  A value that is none of these is
# refused.  A script's #pragma D option evaltime= does the same.
# @@timeout: 60
dtrace=$1
tmp=$(mktemp -d)
cat > "$tmp/ev.c" <<'C'
#include <sys/stat.h>
#include <unistd.h>
/* system calls mark the constructor and main(), stripped or not */
__attribute__((constructor)) static void ctor(void) { getppid(); }
int main(void) { umask(022); return 0; }
C
cc -O1 -o "$tmp/ev" "$tmp/ev.c" || exit 1
cc -O1 -static -o "$tmp/ev-static" "$tmp/ev.c" || exit 1
strip -o "$tmp/ev-stripped" "$tmp/ev-static" || exit 1
prog='
int inmain, startup, ctor;
syscall::openat:entry, syscall::mprotect:entry
/pid == $target && !inmain/
{
	startup = 1;
}
syscall::getppid:entry /pid == $target/ { ctor = 1; }
syscall::umask:entry /pid == $target/ { inmain = 1; }
syscall::exit_group:entry
/pid == $target/
{
	printf("start-up system calls %s, constructor %s\n",
	    startup ? "seen" : "not seen", ctor ? "seen" : "not seen");
}'
for exe in ev ev-static ev-stripped; do
	for at in exec preinit postinit main ""; do
		echo "$exe ${at:-default}"
		"$dtrace" -q -c "$tmp/$exe" ${at:+-x evaltime=$at} -n "$prog"
		echo "status $?"
	done
done
# a script's "#pragma D option evaltime=" is read before its -c command
# starts, and does what -x evaltime does
for at in exec preinit main; do
	echo "ev pragma $at"
	printf '#pragma D option evaltime=%s\n%s\n' "$at" "$prog" > "$tmp/ev.d"
	"$dtrace" -q -c "$tmp/ev" -s "$tmp/ev.d"
	echo "status $?"
done
"$dtrace" -x evaltime=start -c "$tmp/ev" -n BEGIN 2>&1
echo "status $?"
rm -rf "$tmp"

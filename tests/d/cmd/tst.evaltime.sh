#!/bin/bash
#
# -x evaltime: where a -c command starts being traced.  exec: at its
# exec, before the dynamic linker runs (its system calls are seen);
# preinit: at the program's entry point, the dynamic linker done but
# the program's constructors not run; postinit and main (the default):
# at main(), the constructors run.  A static program has no dynamic
# linker and is traced from its exec whatever evaltime says, as DTrace
# does.  A value that is none of these is refused.
# @@timeout: 60
dtrace=$1
tmp=$(mktemp -d)
cat > "$tmp/ev.c" <<'C'
static volatile int sink;
__attribute__((noinline)) void ctor_work(int v) { sink = v; }
__attribute__((constructor)) static void ctor(void) { ctor_work(1); }
int main(void) { sink = 2; return 0; }
C
cc -O1 -o "$tmp/ev" "$tmp/ev.c" || exit 1
cc -O1 -static -o "$tmp/ev-static" "$tmp/ev.c" || exit 1
for prog in ev ev-static; do
	for at in exec preinit postinit main ""; do
		echo "$prog ${at:-default}"
		"$dtrace" -q -c "$tmp/$prog" ${at:+-x evaltime=$at} -n '
int inmain, startup, ctor;
syscall::openat:entry, syscall::mprotect:entry
/pid == $target && !inmain/
{
	startup = 1;
}
pid$target:a.out:ctor_work:entry { ctor = 1; }
pid$target:a.out:main:entry
{
	inmain = 1;
	printf("start-up system calls %s, constructor %s\n",
	    startup ? "seen" : "not seen", ctor ? "seen" : "not seen");
}'
		echo "status $?"
	done
done
"$dtrace" -x evaltime=start -c "$tmp/ev" -n BEGIN 2>&1
echo "status $?"
rm -rf "$tmp"

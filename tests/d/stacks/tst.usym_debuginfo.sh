#!/bin/bash
#
# User symbols of stripped programs: ustack(), %A and ufunc() name the
# functions of a program through its .symtab, the MiniDebugInfo of a
# stripped one (.gnu_debugdata: an xz-compressed ELF holding .symtab, as
# Fedora ships), a separate debug file found by its .gnu_debuglink (beside
# the program or in .debug/), or by build id under
# /usr/lib/debug/.build-id; a program stripped of all of them prints
# mod`0xADDR.  The program is PIE and its call chain crosses a shared
# library (itself stripped, with MiniDebugInfo) whose static lib_leaf()
# makes the system call.  Last, the -c command has exited before its
# stacks are printed, and they are still named (it is held at its exit).
# @@timeout: 60

dtrace=$1
dir=$(mktemp -d /tmp/bdt-usym.XXXXXX)
bid=
trap 'rm -rf "$dir"; [ -n "$bid" ] && rm -f "$bid" && rmdir "${bid%/*}" 2>/dev/null' EXIT
cd "$dir" || exit 1
cat > lib.c <<'C'
__attribute__((noinline)) void lib_nop(void)
{
	__asm__ volatile("");
}

/* not a leaf, so that it has a frame of its own */
__attribute__((noinline)) static long lib_leaf(void)
{
	long ret = 110;		/* getppid on x86-64 */

	lib_nop();
	__asm__ volatile("syscall" : "+a"(ret) : : "rcx", "r11", "memory");
	return ret;
}

long lib_entry(void)
{
	return lib_leaf() + 1;
}
C
cat > prog.c <<'C'
#include <stdlib.h>
#include <unistd.h>

long lib_entry(void);

__attribute__((noinline)) static long sym_mid(void)
{
	return lib_entry() + 1;
}

__attribute__((noinline)) static long sym_top(void)
{
	return sym_mid() + 1;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 300;

	for (int i = 0; i < n; i++) {
		sym_top();
		usleep(10000);
	}
	return 0;
}
C
cc -O1 -g -fno-omit-frame-pointer -fPIC -shared -o libsymt.so lib.c &&
cc -O1 -g -fno-omit-frame-pointer -o full prog.c -L. -lsymt -Wl,-rpath,"$dir" || exit 1

# mkminidebug FILE: strip FILE, keeping its function symbols in an
# xz-compressed .gnu_debugdata section (MiniDebugInfo, as Fedora ships)
mkminidebug() {
	objcopy --only-keep-debug "$1" "$1.dbg"
	nm -D "$1" --format=posix --defined-only | awk '{ print $1 }' |
		sort > "$1.dynsyms"
	nm "$1" --format=posix --defined-only |
		awk '$2 == "T" || $2 == "t" { print $1 }' | sort > "$1.funcsyms"
	comm -13 "$1.dynsyms" "$1.funcsyms" > "$1.keep"
	objcopy -S --remove-section .gdb_index --remove-section .comment \
		--keep-symbols="$1.keep" "$1.dbg" "$1.mini"
	xz -f "$1.mini"
	strip --strip-all "$1"
	objcopy --add-section .gnu_debugdata="$1.mini.xz" "$1"
	rm -f "$1.dbg" "$1.dynsyms" "$1.funcsyms" "$1.keep" "$1.mini.xz"
}

mkminidebug libsymt.so
cp full stripped && strip --strip-all stripped
cp full minidebug && mkminidebug minidebug
# a debug link to a file beside the program, and to one in .debug/
objcopy --only-keep-debug full debuglink.debug
cp full debuglink && strip --strip-all debuglink &&
	objcopy --add-gnu-debuglink=debuglink.debug debuglink
mkdir .debug && objcopy --only-keep-debug full dotdebug.debug
cp full dotdebug && strip --strip-all dotdebug &&
	objcopy --add-gnu-debuglink=dotdebug.debug dotdebug &&
	mv dotdebug.debug .debug/
# a debug file found by build id alone, under /usr/lib/debug/.build-id
# (the build id is this run's own, so that no other program matches it)
cc -O1 -g -fno-omit-frame-pointer -o buildid prog.c -L. -lsymt \
	-Wl,-rpath,"$dir" -Wl,--build-id=0x$(printf '%08x' $$)bd7ace00 &&
	id=$(readelf -n buildid | awk '/Build ID/ { print $3 }') &&
	[ -n "$id" ] &&
	mkdir -p /usr/lib/debug/.build-id/${id:0:2} &&
	bid=/usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug &&
	objcopy --only-keep-debug buildid "$bid" && strip --strip-all buildid

run() {
	echo "== $1"
	"$dtrace" -qs /dev/stdin -c "./$1" <<'D'
syscall::getppid:entry
/pid == $target/
{
	ustack(4);
	printf("%A\n", ucaller);
	trace(ufunc(ucaller));
	printf("|\n");
	exit(0);
}
D
}
for p in full stripped minidebug debuglink dotdebug buildid; do
	run $p
done | sed -e 's/+0x[0-9a-f]*/+OFF/' -e 's/`0x[0-9a-f]*/`ADDR/'

# the stacks of the -c command, which has exited by the time they are
# printed (aggregations are printed at the end): still named
"$dtrace" -qs /dev/stdin -c "./full 3" <<'D' | sed -e 's/0x[0-9a-f]*/ADDR/g'
syscall::getppid:entry
/pid == $target/
{
	@[ustack(2), usym(ucaller), uaddr(ucaller)] = count();
}
D

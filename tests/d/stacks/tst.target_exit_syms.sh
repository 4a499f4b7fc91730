#!/bin/bash
#
# The -c command's symbols outlive it: it is held at its exit stop
# (PTRACE_O_TRACEEXIT) until dtrace ends, so the ustack() keys printed
# at exit, after it has exited, still name its functions.
# @@timeout: 60

dtrace=$1
dir=$(mktemp -d /tmp/bdt-texit.XXXXXX)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
cat > prog.c <<'C'
/* the system call made here, so that this is the first frame */
__attribute__((noinline)) long known_caller(void)
{
	long r = 110;		/* getppid on x86-64 */

	__asm__ volatile("syscall" : "+a"(r) : : "rcx", "r11", "memory");
	return r + 1;
}

__attribute__((noinline)) long known_top(void)
{
	return known_caller() + 1;
}

int main(void)
{
	return known_top() == 0;
}
C
cc -O1 -g -fno-omit-frame-pointer -o prog prog.c || exit 1

"$dtrace" -qs /dev/stdin -c ./prog <<'D' | sed -e 's/+0x[0-9a-f]*/+OFF/'
syscall::getppid:entry
/pid == $target/
{
	@[ustack(3)] = count();
}

END
{
	printf("end\n");
}
D
echo "status ${PIPESTATUS[0]}"

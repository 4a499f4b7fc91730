/*
 * caller and ucaller: the address in the function that called the
 * probed one, typed uintptr_t.  The workload's "calls" action makes its
 * system call from wl_leaf(), called by wl_mid(); so ucaller is in
 * wl_mid() (ustack()'s second frame), and at a syscall entry caller is
 * in the kernel function that called the one holding the tracepoint
 * (stack()'s second frame).  Offsets depend on the compiler and the
 * kernel build, so the .sed file replaces them.
 */
/* @@opts: -q */
/* @@trigger: workload -n bdt-caller calls */

syscall::getppid:entry
/execname == "bdt-caller"/
{
	printf("%d %d\n", sizeof(caller), sizeof(ucaller));
	printf("%d %d\n", caller != 0, ucaller != 0);
	printf("%A\n", uaddr(ucaller));
	printf("%A\n", usym(ucaller));
	printf("%a\n", caller);
	stack(2);
	ustack(2);
	exit(0);
}

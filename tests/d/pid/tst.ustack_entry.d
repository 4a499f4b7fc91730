/*
 * ustack() at a function's entry has the caller as its second frame:
 * frame-pointer unwinding alone would miss it there (the caller's frame
 * is not yet linked), so the return address at the stack pointer is put
 * in, as DTrace does.  The first frame is the function itself, without
 * an offset; ucaller is the caller too.  up_leaf has no frame of its
 * own; up_mid starts with push %rbp, where Linux 6.10 and later put the
 * caller in themselves (once: not twice).
 */
/* @@opts: -q -c @BUILD@/tests/uprog */

pid$target:a.out:up_mid:entry
{
	ustack(3);
}

pid$target:a.out:up_leaf:entry
{
	ustack(4);
	printf("%A\n", ucaller);
	printf("%d\n", ustackdepth > 4);
}

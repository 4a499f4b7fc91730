/*
 * arg6 and later come from the stack (the x86-64 calling convention
 * passes six arguments in registers): up_many(1, 2, ..., 8).
 */
/* @@opts: -q -c @BUILD@/tests/uprog */

pid$target:a.out:up_many:entry
{
	printf("%d %d %d %d %d %d %d %d\n", arg0, arg1, arg2, arg3, arg4,
	       arg5, arg6, arg7);
}

pid$target:a.out:up_many:return
{
	printf("%d\n", arg1);
}

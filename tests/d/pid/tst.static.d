/*
 * A statically linked program: its functions, libc's included, are all
 * in the program ("a.out"), and it is complete at its exec.
 */
/* @@opts: -q -c @BUILD@/tests/uprog-static */

pid$target:a.out:up_add:entry,
pid$target:a.out:fprintf:entry
{
	printf("%s %s\n", probemod, probefunc);
}

pid$target:a.out:up_add:return
{
	printf("%d\n", arg1);
}

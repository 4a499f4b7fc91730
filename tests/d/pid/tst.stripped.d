/*
 * A stripped program: no .symtab, but the functions it exports are in
 * .dynsym, which names them (uprog is linked with -rdynamic).
 */
/* @@opts: -q -c @BUILD@/tests/uprog-stripped */

pid$target:a.out:up_add:entry
{
	printf("%s %s %d\n", probemod, probefunc, arg0);
}

pid$target:a.out:up_top:return
{
	printf("%s %d\n", probefunc, arg1);
}

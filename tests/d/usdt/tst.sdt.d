/*
 * <sys/sdt.h> probes of a program started with -c, as
 * <provider><PID>:<module>:<function>:<name>, "__" in a note's name
 * shown as "-" (str__arg is str-arg): arguments from the notes'
 * specifications, constants (pair), a register (str-arg), 8-bit values
 * signed and not (narrow), a variable in memory addressed from %rip
 * (consts' arg2: up_sink, which up_asm() has just set), and a probe that
 * fires only while its semaphore is raised (guarded).
 */
/* @@opts: -q -c @BUILD@/tests/uprog */

uprog$target:::
{
	printf("%s:%s:%s:%s", probeprov == strjoin("uprog", lltostr($target)) ?
	       "uprog" : probeprov, probemod, probefunc, probename);
}

uprog$target:::pair,
uprog$target:::narrow
{
	printf(" %d %d\n", arg0, arg1);
}

uprog$target:::str-arg
{
	printf(" %s\n", copyinstr(arg0));
}

uprog$target:::consts
{
	printf(" %d %d %x\n", arg0, arg1, arg2);
}

uprog$target:::guarded
{
	printf(" %d\n", arg0);
}

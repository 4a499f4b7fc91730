/*
 * pid entry and return probes on a program started with -c: the entry
 * probes' arg0, arg1 are the first two arguments, a return probe's arg0
 * is 0 and its arg1 the return value; probemod is the program's file name
 * (the description says "a.out").  The command is held until tracing has
 * started, so its first calls are seen.
 */
/* @@opts: -q -c @BUILD@/tests/uprog */

pid$target:a.out:up_add:entry
{
	printf("%s:%s:%s:%s %d %d\n", probeprov == strjoin("pid", lltostr($target)) ?
	       "pid" : probeprov, probemod, probefunc, probename, arg0, arg1);
}

pid$target:a.out:up_add:return
{
	printf("%s %d %d\n", probename, arg0, arg1);
}

pid$target:a.out:up_str:entry
{
	printf("%s\n", copyinstr(arg0));
}

pid$target:a.out:up_str:return
{
	printf("strlen %d\n", arg1);
}

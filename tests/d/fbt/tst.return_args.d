/*
 * fbt return: arg0 is -1 (neither fexit nor a kretprobe can tell which
 * return instruction was taken, as in Oracle's DTrace for Linux), arg1
 * and args[1] the return value, args[1] of the function's return type
 * (ssize_t: the one byte written).
 */
/* @@needs: kprobes */
/* @@trigger: workload -n bdt-fbt write */
#pragma D option quiet

fbt::vfs_write:return
/execname == "bdt-fbt"/
{
	printf("%s %s %d %d %d %d\n", probefunc, probename, arg0, arg1,
	    args[1], sizeof (args[1]));
	exit(0);
}

/*
 * fbt on one function, vfs_write (fentry/fexit where the kernel allows,
 * as in the guest of tests/vm/; tst.kprobe.sh runs it on kprobes).
 * entry: argN are the arguments as passed and args[] are typed from
 * the function's BTF prototype, so a member is reached through args[0]
 * (struct file *); one write(2) of one byte to /dev/null.
 * return: arg0 is -1 (neither fexit nor a kretprobe can tell which
 * return instruction was taken, as in Oracle's DTrace for Linux), arg1
 * and args[1] the return value, of the function's type (ssize_t).
 * stack() starts at the traced function, then its callers, without a
 * frame of the tracing machinery (program, trampoline, kprobe
 * handler); caller is its second frame; at return the function has
 * returned and the stack starts at the caller.
 */
/* @@needs: kprobes */
/* @@trigger: workload -n bdt-fbt write */
#pragma D option quiet

fbt::vfs_write:entry
/execname == "bdt-fbt" && !entered/
{
	printf("%s %s %s %d %d %s\n", probemod, probefunc, probename, arg2,
	    args[2], stringof(args[0]->f_path.dentry->d_name.name));
	stack(2);
	printf("caller %a\n", caller);
	entered = 1;
}

fbt::vfs_write:return
/execname == "bdt-fbt" && entered/
{
	printf("%s %s %d %d %d %d\n", probefunc, probename, arg0, arg1,
	    args[1], sizeof (args[1]));
	stack(1);
	exit(0);
}

/*
 * fbt entry: argN are the function's arguments as passed and args[] are
 * typed from its BTF prototype, so a struct member is reached through
 * args[0] (struct file *).  One write(2) of one byte to /dev/null.
 */
/* @@needs: kprobes */
/* @@trigger: workload -n bdt-fbt write */
#pragma D option quiet

fbt::vfs_write:entry
/execname == "bdt-fbt"/
{
	printf("%s %s %s %d %d %s\n", probemod, probefunc, probename, arg2,
	    args[2], stringof(args[0]->f_path.dentry->d_name.name));
	exit(0);
}

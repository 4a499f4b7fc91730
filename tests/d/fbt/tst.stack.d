/*
 * stack() on fbt starts at the traced function, then its callers: no
 * frame of the tracing machinery (program, trampoline, kprobe handler).
 * caller is stack()'s second frame.  At return the function has
 * returned: its stack starts at the caller.
 */
/* @@needs: kprobes */
/* @@trigger: workload -n bdt-fbt write */
#pragma D option quiet

fbt::vfs_write:entry
/execname == "bdt-fbt" && !done_entry/
{
	stack(2);
	printf("caller %a\n", caller);
	done_entry = 1;
}

fbt::vfs_write:return
/execname == "bdt-fbt" && done_entry/
{
	stack(1);
	exit(0);
}

/*
 * A glob attaches all its functions at once (one program, told apart
 * by probe id) and counts exactly: five writes, each one vfs_write.
 * Attaching every vfs_ function takes a minute or more in the emulated
 * guest of tests/vm/, hence the timeout.
 */
/* @@needs: kprobes */
/* @@timeout: 240 */
/* @@trigger: workload -n bdt-fbt -c 5 -i 0 write */
#pragma D option quiet

BEGIN
{
	printf("ready\n");
}

fbt::vfs_*:entry
/execname == "bdt-fbt"/
{
	@[probefunc] = count();
}

fbt::vfs_write:return
/execname == "bdt-fbt" && ++n == 5/
{
	exit(0);
}

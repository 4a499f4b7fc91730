/*
 * print() of kernel (BTF) types: a struct with typedef'd members, an
 * all-zero struct (only its type is shown), and an int.
 */
/* @@trigger: workload -n memtest -c 1 writehex 020000000000000040e201000000000000000000000000002a00000000000000 */

#pragma D option quiet

syscall::write:entry
/execname == "memtest"/
{
	print((struct timespec64 *)copyin(arg1, 16));
	print((struct list_head *)copyin(arg1 + 16, 16));
	print((int *)copyin(arg1 + 24, 4));
	exit(0);
}

/*
 * Kernel types in a program that does not print() one: the compiler's
 * BTF is freed before tracing starts (compile.c, reads_btf), and the
 * members, sizes and translators it resolved still give the same values.
 */
/* @@trigger: workload -n memtest -c 1 writehex 020000000000000040e201000000000000000000000000002a00000000000000 */

#pragma D option quiet

syscall::write:entry
/execname == "memtest"/
{
	this->ts = (struct timespec64 *)copyin(arg1, 16);
	printf("%d %d %d %s\n", this->ts->tv_sec, this->ts->tv_nsec,
	    sizeof(struct list_head), curpsinfo->pr_fname);
	trace(*(int *)copyin(arg1 + 24, 4));
	exit(0);
}

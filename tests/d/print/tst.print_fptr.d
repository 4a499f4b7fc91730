/*
 * print() of a kernel struct of function pointers: their casts in C's
 * form, "loff_t (*)(struct file *, loff_t, int)", as Oracle's DTrace
 * (libbpf's btf_dump) writes them.  printsize keeps the output to the
 * first members (the rest is "...").
 */
/* @@trigger: workload -n memtest -c 1 writehex 0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000 */

#pragma D option quiet
#pragma D option printsize=24

syscall::write:entry
/execname == "memtest"/
{
	f = (struct file_operations *)copyin(arg1,
	    sizeof (struct file_operations));
	f->llseek = (void *)0x10;
	f->owner = (void *)0x20;
	print(f);
	exit(0);
}

/*
 * Members translated from kernel values: pr_flag (PR_ISSYS for a kernel
 * thread) is 0 for a user process; bufinfo_t's b_addr
 * and b_iodone and devinfo_t's dev_pathname type-check and load (no
 * block probe fires here); a NULL file's fi_mount is "<none>", an open
 * one's "<unknown>", as in Oracle's io.d.
 */
/* @@opts: -q */
/* @@trigger: workload -n xlmemb calls */

syscall::getppid:entry
/execname == "xlmemb"/
{
	printf("user %d\n", curpsinfo->pr_flag);
	printf("mount %s %s\n",
	    xlate <fileinfo_t> (curthread->files->fdt->fd[1]).fi_mount,
	    xlate <fileinfo_t *> ((struct file *)NULL)->fi_mount);
	exit(0);
}

syscall::getppid:entry
/0/
{
	this->b = (struct bio *)arg0;
	this->r = (struct request *)arg0;
	printf("%s %s %x %x %x %x\n", xlate <devinfo_t> (this->b).dev_pathname,
	    xlate <devinfo_t *> (this->r)->dev_pathname,
	    (uintptr_t)xlate <bufinfo_t> (this->b).b_iodone,
	    (uintptr_t)xlate <bufinfo_t> (this->r).b_iodone,
	    (uintptr_t)xlate <bufinfo_t> (this->b).b_addr,
	    (uintptr_t)xlate <bufinfo_t *> (this->r)->b_addr);
}

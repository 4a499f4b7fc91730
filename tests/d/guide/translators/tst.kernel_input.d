/*
 * Translators: a translator from a kernel type (the Linux task_struct)
 * to a stable D struct, its members computed from the input's members,
 * used on curthread in a probe of the workload.
 */
/* @@opts: -q */
/* @@trigger: workload -n guidexlate write */

struct task_info {
	string comm;
	int pid;
	int ppid;
};

translator struct task_info < struct task_struct *T > {
	comm = stringof(T->comm);
	pid = T->tgid;
	ppid = T->real_parent->tgid;
};

syscall::write:entry
/execname == "guidexlate"/
{
	printf("%s %d %d\n", xlate <struct task_info *> (curthread)->comm,
	    xlate <struct task_info *> (curthread)->pid == pid,
	    xlate <struct task_info *> (curthread)->ppid == ppid);
	exit(0);
}

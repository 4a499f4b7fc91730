/*
 * A translator of the script's own, xlate of an explicit task pointer
 * (member by member, and as a whole struct kept in a clause-local),
 * the fuzzy match of a translator's pointer input, and kernel
 * enumerators as constants.
 */
/* @@opts: -q */

struct ids {
	int i_pid;
	int i_ppid;
	char i_comm[16];
	int i_unset;
};

translator struct ids < struct task_struct *T > {
	i_pid = T->tgid;
	i_ppid = T->real_parent->tgid;
	i_comm = T->comm;
};

BEGIN
{
	printf("%d %d\n", xlate <struct ids> (curthread).i_pid == pid,
	    xlate <struct ids *> (curthread)->i_ppid == ppid);
	this->w = xlate <struct ids *> (curthread);
	printf("%d %d %s %d\n", this->w->i_pid == pid, this->w->i_ppid == ppid,
	    this->w->i_comm, this->w->i_unset);
	this->parent = curthread->real_parent;
	printf("%d\n", xlate <psinfo_t *> (this->parent)->pr_pid == ppid);
	printf("%d\n", xlate <psinfo_t> ((struct task_struct *)curthread).pr_pid == pid);
	printf("%d %d %d\n", PIDTYPE_PID, PIDTYPE_SID, TASK_COMM_LEN);
	exit(0);
}

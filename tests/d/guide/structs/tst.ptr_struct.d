/*
 * Structs and Unions, pointers to structs: the -> operator follows a
 * pointer to a struct; (*p).m is the same as p->m.  The Linux current
 * task stands in for the Guide's Solaris kernel structures.
 */
/* @@opts: -q */

BEGIN
{
	p = curthread;
	printf("%d %d\n", p->pid == (*p).pid, p->pid == pid);
	printf("%d\n", p->real_parent->tgid == ppid);
	printf("%s\n", p->comm);
	exit(0);
}

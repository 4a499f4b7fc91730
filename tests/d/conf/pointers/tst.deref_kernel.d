/*
 * Pointers and Arrays chapter: dereferencing kernel pointers with * and
 * ->, and the address-of operator on a member.
 */
/* @@opts: -q */

BEGIN
{
	t = curthread;
	printf("%d\n", (*t).pid == pid);
	printf("%d\n", t->tgid == pid);
	printf("%d\n", &t->pid == &curthread->pid);
	printf("%d\n", (uintptr_t)&t->tgid - (uintptr_t)t ==
	    offsetof(struct task_struct, tgid));
	exit(0);
}

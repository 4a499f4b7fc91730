/*
 * Structs and Unions chapter: kernel structs from BTF, members reached
 * through a chain of pointers, sizeof and offsetof on a kernel type.
 */
/* @@opts: -q */

BEGIN
{
	printf("%d\n", curthread->real_parent->tgid == ppid);
	printf("%d\n", sizeof (struct task_struct) > 1000);
	printf("%d\n", offsetof(struct list_head, prev));
	printf("%s\n", curthread->comm);
	exit(0);
}

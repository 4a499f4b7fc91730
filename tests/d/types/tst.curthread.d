/*
 * curthread is the current task_struct, typed from the kernel's BTF:
 * member access through it, nested pointers, and char arrays used as
 * strings (printf %s, stringof, comparison with a string).  BEGIN fires
 * in dtrace itself, so the values are compared with built-ins.
 */
/* @@opts: -q */

BEGIN
{
	printf("tgid %d\n", curthread->tgid == pid);
	printf("pid %d\n", curthread->pid == tid);
	printf("parent %d\n", curthread->real_parent->tgid == ppid);
	printf("comm %s\n", curthread->comm);
	printf("stringof %s\n", stringof(curthread->comm));
	printf("eq %d %d\n", curthread->comm == execname, curthread->comm != "dtrace");
	printf("first %c\n", curthread->comm[0]);
	printf("deref %c\n", *curthread->comm);
	printf("cast %d\n", ((struct task_struct *)(uint64_t)curthread)->tgid == pid);
	printf("addr %d\n", &curthread->comm[2] - &curthread->comm[0]);
	printf("sizeof %d\n", sizeof (curthread->comm));
	exit(0);
}

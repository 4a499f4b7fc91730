/*
 * Pointers and Arrays, pointer and array relationship: a kernel array
 * (the current task's comm) used through a pointer to its first element:
 * p[i] and *(p + i) name the same object.
 */
/* @@opts: -q */

BEGIN
{
	p = &curthread->comm[0];
	printf("%c %c %d\n", p[0], *(p + 1), p[2] == curthread->comm[2]);
	printf("%s\n", stringof(p));
	exit(0);
}

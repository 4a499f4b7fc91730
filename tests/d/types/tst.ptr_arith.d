/*
 * Pointer arithmetic scales by the pointed-to size; pointers compare as
 * unsigned addresses; the difference of two pointers counts elements.
 */
/* @@opts: -q */

BEGIN
{
	printf("%d\n", (uint64_t)((int *)0 + 3));
	printf("%d\n", (uint64_t)(2 + (long *)8));
	printf("%d\n", (uint64_t)((struct task_struct *)0 + 1) ==
	    sizeof (struct task_struct));
	printf("%d\n", (long *)40 - (long *)8);
	printf("%d\n", (char *)1 < (char *)2);
	printf("%d\n", (uint64_t)((char *)10 + 1));
	exit(0);
}

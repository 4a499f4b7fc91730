/*
 * Structs and Unions, member sizes and offsets: sizeof on a type and on
 * an expression, and offsetof(type, member), including the padding the
 * compiler inserts to align a member.
 */
/* @@opts: -q */

struct foo {
	char a;
	int b;
	char c;
	uint64_t d;
};

BEGIN
{
	printf("%d %d %d %d %d\n", sizeof (struct foo),
	    offsetof(struct foo, a), offsetof(struct foo, b),
	    offsetof(struct foo, c), offsetof(struct foo, d));
	printf("%d %d\n", sizeof (curthread->pid),
	    sizeof (struct list_head));
	exit(0);
}

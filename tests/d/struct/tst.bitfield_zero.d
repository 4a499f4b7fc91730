/*
 * An unnamed zero-width bit-field pads to the next unit of its type, as
 * in C (the layout matches gcc's), and is not a member.
 */
/* @@opts: -q */

struct s {
	int a:2, :0;
	int b:3;
	char c;
};

struct s v;

BEGIN
{
	v.a = 1;
	v.b = 5;
	printf("%d %d %d %d\n", sizeof (struct s), offsetof(struct s, c),
	    v.a, v.b);
	exit(0);
}

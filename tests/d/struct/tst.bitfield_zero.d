/*
 * An unnamed zero-width bit-field is ignored, as DTrace's dt_decl_member()
 * ignores it, and is not a member; each bit-field takes the bytes its
 * width needs, as in DTrace's layout (libctf's), not gcc's.
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

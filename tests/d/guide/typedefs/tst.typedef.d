/*
 * Type and Constant Definitions, typedef: the Guide's typedef unsigned
 * char uchar_t, and a typedef naming a struct type, used in
 * declarations and casts like the types they stand for.
 */
/* @@opts: -q */

typedef unsigned char uchar_t;

struct foo {
	int a;
	int b;
};

typedef struct foo foo_t;

uchar_t c;
foo_t f;

BEGIN
{
	c = 255;
	c++;
	f.b = 7;
	printf("%d %d %d %d\n", c, sizeof (uchar_t), sizeof (foo_t), f.b);
	printf("%d\n", (uchar_t)0x1ff);
	exit(0);
}

/*
 * Structs are laid out as DTrace lays them out (libctf): each member at
 * the first byte after the bits before it, aligned to its own alignment,
 * with no padding after the last member; a bit-field is an integer of the
 * smallest power-of-two byte size holding its width, aligned to that.
 */
/* @@opts: -q */

struct tail {
	long l;
	char c;
};

struct bits {
	int a : 12;
	int b : 10;
	int c : 3;
	char d;
};

struct wide {
	long x : 33;
	short y : 9;
	char z;
};

struct bits v;

BEGIN
{
	printf("tail %d %d\n", sizeof (struct tail), offsetof(struct tail, c));
	printf("bits %d %d\n", sizeof (struct bits), offsetof(struct bits, d));
	printf("wide %d %d\n", sizeof (struct wide), offsetof(struct wide, z));
	v.a = -5;
	v.b = 511;
	v.c = 9;
	v.d = 'x';
	printf("%d %d %d %c\n", v.a, v.b, v.c, v.d);
	exit(0);
}

/*
 * Structs and Unions chapter, bit-fields: stores are truncated to the
 * field's width and neighbouring fields are preserved.
 */
/* @@opts: -q */

struct flags {
	unsigned int a : 3;
	unsigned int b : 5;
	unsigned int c : 8;
};

struct flags f;

BEGIN
{
	f.a = 5;
	f.b = 33;
	f.c = 255;
	printf("%d %d %d %d\n", f.a, f.b, f.c, sizeof (f));
	exit(0);
}

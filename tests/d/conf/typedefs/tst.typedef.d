/*
 * Type and Constant Definitions chapter, typedef: a new name for an
 * existing type, usable in declarations, casts and sizeof; typedefs of
 * typedefs, of pointers and of structs.
 */
/* @@opts: -q */

typedef unsigned char uchar_t;
typedef uchar_t byte_t;
typedef int *intptr2_t;
typedef struct pair {
	int a;
	int b;
} pair_t;

byte_t g;

BEGIN
{
	g = 300;
	printf("%d %d %d\n", g, sizeof (byte_t), (uchar_t)-1);
	printf("%d %d\n", sizeof (intptr2_t), sizeof (pair_t));
	printf("%d\n", offsetof(pair_t, b));
	exit(0);
}

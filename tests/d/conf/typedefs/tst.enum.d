/*
 * Type and Constant Definitions chapter, enumerations: enumerators
 * number from zero or from an explicit value, each following one
 * adds one; they are integer constants usable anywhere, and a variable
 * can have the enum type.  The Guide's color example.
 */
/* @@opts: -q */

enum colors {
	RED,
	GREEN,
	BLUE
};

enum more {
	ZERO,
	TEN = 10,
	ELEVEN,
	NEG = -5,
	NEXT
};

enum colors c;

BEGIN
{
	printf("%d %d %d\n", RED, GREEN, BLUE);
	printf("%d %d %d %d %d\n", ZERO, TEN, ELEVEN, NEG, NEXT);
	c = BLUE;
	printf("%d %d %d\n", c, c == BLUE, sizeof (enum colors));
	printf("%d\n", GREEN + BLUE * 10);
	exit(0);
}

/*
 * Type and Constant Definitions, enumerations: the Guide's enum colors;
 * the first enumerator is 0 and each one without a value is the
 * previous one plus 1; explicit values may be given.
 */
/* @@opts: -q */

enum colors {
	RED,
	GREEN,
	BLUE
};

enum shades {
	LIGHT = 10,
	MEDIUM,
	DARK = 20
};

enum colors c;

BEGIN
{
	printf("%d %d %d\n", RED, GREEN, BLUE);
	printf("%d %d %d\n", LIGHT, MEDIUM, DARK);
	c = BLUE;
	printf("%d %d\n", c == BLUE, sizeof (enum colors));
	exit(0);
}

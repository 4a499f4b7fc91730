/*
 * Type and Constant Definitions, enumerations: enumerators are integer
 * constants usable anywhere an integer is, such as associative array
 * keys, and an enum variable holds one.
 */
/* @@opts: -q */

enum colors {
	RED,
	GREEN,
	BLUE
};

enum colors c;

BEGIN
{
	a[GREEN] = 7;
	c = GREEN;
	printf("%d %d %d\n", a[GREEN], a[RED], c);
	printf("%d\n", c == GREEN && c != BLUE);
	exit(0);
}

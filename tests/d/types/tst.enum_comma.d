/*
 * An enumerator list may end with a comma; enumerators may use earlier
 * ones and constant expressions.
 */
/* @@opts: -q */

enum dir {
	NORTH = 2,
	EAST,
	SOUTH = EAST * 3,
};

typedef enum {
	LOW = -1,
	HIGH,
} level_t;

BEGIN
{
	printf("%d %d %d %d %d\n", NORTH, EAST, SOUTH, LOW, HIGH);
	exit(0);
}

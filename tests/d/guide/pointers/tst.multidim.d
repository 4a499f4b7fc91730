/*
 * Pointers and Arrays, multi-dimensional arrays: the Guide's int
 * x[3][4], an array of three arrays of four integers, indexed x[i][j].
 */
/* @@opts: -q */

int x[3][4];

BEGIN
{
	x[0][0] = 1;
	x[1][2] = 12;
	x[2][3] = 23;
	printf("%d %d %d %d\n", x[0][0], x[1][2], x[2][3], x[2][2]);
	printf("%d %d\n", sizeof (x), sizeof (x[1]));
	exit(0);
}

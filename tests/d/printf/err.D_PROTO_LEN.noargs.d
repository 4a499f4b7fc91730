/*
 * printf() needs at least its format.
 */

BEGIN
{
	printf();
	exit(0);
}

/*
 * Actions and Subroutines chapter, rand(): a pseudo-random integer;
 * only its range is fixed (masking gives a value in the low bits).
 */
/* @@opts: -q */

BEGIN
{
	r = rand() & 0xf;
	printf("%s\n", r >= 0 && r < 16 ? "in range" : "out of range");
	exit(0);
}

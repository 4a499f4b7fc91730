/*
 * Where D's integer arithmetic deliberately differs from C's, as
 * DTrace's does (docs/design.md, "Probe context and registers"), and
 * where it agrees; tests/fuzz/run_expr.sh compares the rest with C.
 */
#pragma D option quiet

unsigned int ui;
int i, j;
unsigned char uc;
char c;
unsigned short us;

BEGIN
{
	ui = 0xfffffffe;
	i = -1;
	j = 3;
	uc = 200;
	c = -5;
	us = 65000;
	/* comparisons: the 64-bit values, unsigned if the common type is
	 * (C: 0 1) */
	printf("%d %d\n", ui < i, ui > i);
	/* no promotion of char and short to int: a char compared with an
	 * unsigned short is converted to it (C: 1) */
	printf("%d\n", c < us);
	/* a cast to an operator's own type keeps the bits past its width,
	 * one to the other signedness narrows (C: -1 -1) */
	printf("%d %d\n", (int)(j << 31) >> 31, (int)(unsigned int)(j << 31) >> 31);
	/* a char's or short's result widened is narrowed to int's width
	 * only (C: 144) */
	printf("%d\n", (long)(unsigned char)(uc + uc));
	/* where D and C agree: usual conversions of int and unsigned int,
	 * truncating division of negatives, arithmetic right shift */
	printf("%d %d %d %d\n", i + ui, (c - 2) / 2, c % 3, c >> 1);
	exit(0);
}

/*
 * Output Formatting chapter, printf() flags: '-' left-justifies, '+'
 * always signs, ' ' puts a space before non-negative values, '#' asks
 * for the alternate form of o and x, '0' pads with zeros.  As in
 * DTrace's format parser, of '-' and '0' the last one given wins, so
 * "%-05d" pads with zeros where C's printf would left-justify.
 */
/* @@opts: -q */

BEGIN
{
	printf("[%5d] [%-5d] [%+d] [%+d] [% d] [% d]\n", 42, 42, 42, -42, 42,
	    -42);
	printf("[%#o] [%#x] [%#X] [%o] [%x] [%X]\n", 8, 255, 255, 8, 255, 255);
	printf("[%05d] [%-05d] [%+05d] [%05x]\n", 42, 42, 42, 255);
	exit(0);
}

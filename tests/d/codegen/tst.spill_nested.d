/*
 * Deeply nested binary operators hold more operands than there are
 * registers: the left values wait on the stack and come back intact,
 * next to clause-local variables that must survive too.
 */
/* @@opts: -q */

BEGIN
{
	this->keep = 0x5a5a5a5a5a;
	p = 1; q = 2; r = 3; s = 4; t = 5; u = 6; v = 7; w = 8; x = 9; y = 10;
	z = 11;
	printf("%d\n", p++ + (q++ + (r++ + (s++ + (t++ + (u++ + (v++ +
	    (w++ + (x++ + (y++ + z++))))))))));
	printf("%d\n", p * (q - (r * (s - (t * (u - (v * (w - (x * (y - z))))))))));
	printf("%d\n", (p < (q + (r + (s + (t + (u + (v + (w + (x + (y + z)))))))))));
	printf("%x %d %d\n", p | (q << (r & (s ^ (t | (u & (v | (w ^ (x & (y | z))))))))), z, this->keep == 0x5a5a5a5a5a);
	exit(0);
}

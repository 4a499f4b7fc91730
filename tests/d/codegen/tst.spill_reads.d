/*
 * A deeply nested expression whose innermost operand reads memory (a
 * member through a pointer, which takes several registers of its own)
 * spills the operands waiting above it instead of running out.
 */
/* @@opts: -q */

BEGIN
{
	a = 1; b = 2; c = 4; d = 8; e = 16; f = 32; g = 64; h = 128; i = 256;
	printf("%x\n", a + (b + (c + (d + (e + (f + (g + (h +
	    (i + curthread->pid)))))))) - pid);
	printf("%x\n", a + (b + (c + (d + (e + (f + (g + (h +
	    (i + *(int *)&curthread->tgid)))))))) - pid);
	exit(0);
}

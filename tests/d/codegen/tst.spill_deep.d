/*
 * Expressions nested far deeper than BPF has registers: the values
 * waiting for their operators are spilled to the stack and come back
 * intact, whatever sits at the bottom (a helper call, a string
 * comparison, ?:, a member read through a pointer), next to a
 * clause-local variable that must survive too.
 */
/* @@opts: -q */

BEGIN
{
	this->keep = 0x5a5a5a5a5a;
	a = 1; b = 2; c = 3; d = 4; e = 5; f = 6; g = 7; h = 8;
	i = 9; j = 10; k = 11; l = 12; m = 13; n = 14; o = 15; p = 16;

	/* sixteen levels, one value waiting at each */
	printf("%d\n", a + (b + (c + (d + (e + (f + (g + (h + (i + (j +
	    (k + (l + (m + (n + (o + p)))))))))))))));
	/* the operators are not commutative: each value comes back to
	 * its own level */
	printf("%d\n", p - (o * (n - (m * (l - (k * (j - (i * (h - (g *
	    (f - (e * (d - (c * (b - a)))))))))))))));
	/* a call with two arguments at the bottom of twenty levels */
	printf("%d\n", a + (b * (c + (d * (e + (f * (g + (h * (i + (j *
	    (k + (l * (m + (n * (o + (p * (a + (b * (c + (d *
	    strlen(strjoin(probename, "xyz"))))))))))))))))))))));
	/* comparisons, a string comparison and ?: at every other level */
	printf("%d\n", a + ((b < c) + (d * ((e != f) + (g * ((h >= i) +
	    (j * ((probename == "BEGIN") + (k * (l > m ? n : (o +
	    (p == 16 ? 100 : 200))))))))))));
	/* a kernel read at the bottom */
	printf("%d\n", a + (b + (c + (d + (e + (f + (g + (h + (i + (j +
	    (k + (l + curthread->pid))))))))))) - pid);
	printf("%x\n", this->keep);
	exit(0);
}

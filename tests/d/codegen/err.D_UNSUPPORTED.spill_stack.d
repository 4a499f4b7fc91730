/*
 * An expression nested so deep that the values waiting for their
 * operators would not fit in BPF's 512-byte stack once spilled: a
 * located error at the subexpression that would need one more slot.
 */

BEGIN
{
	x0 = 1; x1 = 2; x2 = 3; x3 = 4;
	trace(x0 + (x1 + (x2 + (x3 + (x0 + (x1 + (x2 + (x3 + (x0 + (x1 + (x2
	    + (x3 + (x0 + (x1 + (x2 + (x3 + (x0 + (x1 + (x2 + (x3 + (x0 +
	    (x1 + (x2 + (x3 + (x0 + (x1 + (x2 + (x3 + (x0 + (x1 + (x2 + (x3
	    + (x0 + (x1 + (x2 + (x3 + (x0 + (x1 + (x2 + (x3 + (x0 + (x1 +
	    (x2 + (x3 + (x0 + (x1 + (x2 + (x3 + (x0 + (x1 + (x2 + (x3 + (x0
	    + (x1 + (x2 + (x3 + (x0 + (x1 + (x2 + (x3 + (x0 + (x1 + (x2 +
	    x3)))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))));
	exit(0);
}

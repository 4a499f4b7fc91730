/*
 * Many comparisons of strings held in variables in one clause: each is
 * a loop the verifier must accept, and bytes compare unsigned, so
 * "\xfe" sorts after "~" and a prefix sorts first.
 */
#pragma D option quiet

BEGIN
{
	a = "pear";
	b = "peach";
	c = "pea\xfe";
	d = "pea~";
	e = "pe";
	n = 0;
	n += a > b; n += a >= b; n += a != b; n += b < a; n += b <= a;
	n += c > d; n += d < c; n += c != d; n += !(c == d); n += c >= d;
	n += e < a; n += e < b; n += e < c; n += e < d; n += e <= e;
	n += e == e; n += a == a; n += !(a < a); n += !(a > a); n += b >= b;
	n += !(a < e); n += !(b < e); n += !(c < d); n += !(d > c);
	printf("%d of 24\n", n);
	printf("%d %d %d\n", a < b, c < d, e == "pe");
	exit(0);
}

/*
 * alloca() and bcopy() of sizes known only at run time.
 */
#pragma D option quiet

BEGIN
{
	n = 24;
	p = (char *)alloca(n);
	p[0] = 'a'; p[23] = 'z';
	q = (long *)alloca(n);
	q[2] = 5;
	printf("%c %c %d\n", p[0], p[23], q[2]);
	b = (char *)alloca(32);
	s = (char *)alloca(8);
	s[0] = 'h'; s[1] = 'i'; s[2] = 'j'; s[3] = 'k'; s[4] = 'l'; s[5] = 'm';
	m = 6;
	bcopy(s, b, m);
	b[m] = 0;
	printf("%s\n", stringof(b));
	exit(0);
}

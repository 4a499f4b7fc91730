/*
 * D's arithmetic widths: the result of a binary operator has the type of
 * its operand of higher rank (width, then unsigned), with no promotion
 * of char and short to int; values are computed in 64 bits and narrowed
 * only where they are stored or cast; x op= e reads x before it
 * evaluates e.  Global, thread-local, associative and member lvalues.
 */
/* @@opts: -q */

unsigned char C;
signed char c;
unsigned short S;
int i;
unsigned char gc;
self unsigned char sc;
unsigned char ac[int];
struct { unsigned char m; } st;

BEGIN
{
	C = -2;
	c = 3;
	printf("%d %d\n", C + c, sizeof (C + c));	/* uchar: 257 -> 1 */
	S = -3;
	printf("%d %d\n", S + S, sizeof (S + S));	/* 65530 */
	printf("%d\n", C + c == 1);			/* 257 in 64 bits */
	x = C + c;					/* x is a uchar */
	printf("%d %d\n", x, sizeof (x));
	y = (char)1;
	y = 300;					/* y stays a char */
	printf("%d\n", y);
	printf("%d\n", (int)(C + c));			/* not narrowed */
	printf("%d\n", (unsigned char)(C + c));	/* narrowed */
	printf("%d %d\n", -C, sizeof (-C));		/* uchar: 2 */

	i = 25920;
	i = i - (i + (i * 3) + i) * i / i * i;	/* 64-bit intermediates */
	printf("%d\n", i);

	i = 1;
	i += i++;
	self->v = 1;
	self->v += self->v++;
	a[0] = 1;
	a[0] += a[0]++;
	st.m = 1;
	st.m += st.m++;
	printf("%d %d %d %d\n", i, self->v, a[0], st.m);

	gc = 200;
	self->sc = 200;
	ac[1] = 200;
	gc += 100;
	self->sc += 100;
	ac[1] += 100;
	printf("%d %d %d\n", gc, self->sc, ac[1]);
	exit(0);
}

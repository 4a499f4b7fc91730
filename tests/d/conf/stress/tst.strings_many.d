/*
 * Verifier stress: many string operations in one clause (copies,
 * comparisons with constants and variables, string keys, ?: on
 * strings, strlen, substr, strjoin) must all load.
 */
/* @@opts: -q */

BEGIN
{
	a = "alpha";
	b = "beta";
	c = execname;
	d = a < b ? a : b;
	e = strjoin(a, b);
	f = strjoin(e, c);
	g = substr(f, 2, 6);
	k[a] = strlen(a);
	k[b] = strlen(b);
	k[c] = strlen(c);
	k[e] = strlen(e);
	n = (a == "alpha") + (b != "beta") + (c == "dtrace") + (d == a) +
	    (e > f) + (f >= e) + (g == "phabet") + (a < c) + (c <= b);
	self->s = f;
	this->t = g;
	printf("%s %s %s %s %s %s %s\n", a, b, c, d, e, f, g);
	printf("%d %d %d %d %d\n", k[a], k[b], k[c], k[e], n);
	printf("%s %s %d\n", self->s, this->t, strlen(self->s));
	exit(0);
}

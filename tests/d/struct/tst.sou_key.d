/*
 * A struct or union is an associative array key by its bytes, not its
 * address: two variables with the same contents name the same element.
 */
/* @@opts: -q */

struct pt {
	int x;
	char tag;
};

union word {
	int i;
	char c;
};

struct pt a, b, c;
union word u, w;

BEGIN
{
	a.x = 3; a.tag = 'p';
	b.x = 3; b.tag = 'p';
	c.x = 4; c.tag = 'p';
	n[a] = 10;
	n[b] += 5;
	n[c] = 100;
	u.i = 258;
	w.c = 2;
	w.i = 258;
	m[u, "k"] = 1;
	m[w, "k"]++;
	self->t[c] = 7;
	printf("%d %d %d %d %d\n", n[a], n[b], n[c], m[u, "k"], self->t[c]);
	exit(0);
}

/*
 * print() of a char array ends at its first NUL, even when bytes
 * follow it: an array whose first char is NUL shows no element, but
 * is shown, as its bytes are not all zero.
 */
/* @@opts: -q */

struct cs {
	int a;
	char b[5];
	char c[6];
	int d;
};

BEGIN
{
	t = (struct cs *)alloca(sizeof (struct cs));
	t->b[0] = '\0';
	t->b[1] = 'e';
	t->b[2] = 's';
	t->c[0] = 'o';
	t->c[1] = 'k';
	t->c[3] = 'x';
	t->d = 7;
	print(t);
	exit(0);
}

/*
 * Explicit declarations: thread-local, clause-local and associative
 * array types fixed before any use.  A char variable truncates what is
 * stored in it; an unset string thread-local or element is NULL, an
 * unset clause-local string "".
 */
/* @@opts: -q */

self char c;
self string name;
this int n;
int a[string, int];
string names[int];
this string s;	/* (D has no declarations inside a clause) */

BEGIN
{
	self->c = 300;
	this->n = 7;
	this->s = "clause";
	a["x", 1] = 2;
	printf("%d %d %d %s %d %d\n", self->c, self->name == NULL, this->n,
	    this->s, a["x", 1], names[4] == NULL);
	exit(0);
}

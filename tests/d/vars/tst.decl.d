/*
 * Explicit declarations: thread-local, clause-local and associative
 * array types fixed before any use.  A char variable truncates what is
 * stored in it; a string declaration makes the unset value "".
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
	printf("%d [%s] %d %s %d [%s]\n", self->c, self->name, this->n,
	    this->s, a["x", 1], names[4]);
	exit(0);
}

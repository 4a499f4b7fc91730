/*
 * Operators chapter, increment and decrement: prefix forms yield the
 * new value, postfix forms the old one; they apply to variables of
 * every scope.
 */
/* @@opts: -q */

BEGIN
{
	x = 5;
	printf("%d %d %d %d %d\n", x++, x, ++x, x--, --x);
	self->t = 1;
	self->t++;
	++self->t;
	this->c = 10;
	this->c--;
	a["k"] = 100;
	a["k"]++;
	--a["k"];
	a["k"]++;
	printf("%d %d %d\n", self->t, this->c, a["k"]);
	exit(0);
}

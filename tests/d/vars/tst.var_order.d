/*
 * Reads of self-> and this-> variables are accepted after a declaration
 * or after an assignment earlier in the program, even in a clause that
 * runs first; increments create the variable as stores do.
 */
/* @@opts: -q */

self int declared;

BEGIN
{
	self->n++;
	this->v = 5;
}

BEGIN
{
	printf("%d %d %d\n", self->declared, self->n, this->v);
	self->later = 1;
}

END
{
	printf("%d\n", self->later);
}

BEGIN
{
	exit(0);
}

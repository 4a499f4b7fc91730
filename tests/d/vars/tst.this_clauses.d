/*
 * Clause-local variables keep their values across the clauses of one
 * probe firing, and start again from zero at the next firing.
 */
/* @@opts: -q */

BEGIN
{
	this->x = 41;
	this->s = "local";
}

BEGIN
{
	this->x++;
	printf("%d %s\n", this->x, this->s);
}

END
{
	printf("%d [%s]\n", this->x, this->s);
}

BEGIN
{
	exit(0);
}

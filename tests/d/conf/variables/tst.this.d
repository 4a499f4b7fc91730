/*
 * Variables chapter, clause-local variables: this-> variables persist
 * across the clauses of one probe firing, in program order, and take
 * the type of their first assignment.
 */
/* @@opts: -q */

BEGIN
{
	this->secs = 120;
	this->name = "clock";
}

BEGIN
{
	this->mins = this->secs / 60;
}

BEGIN
{
	printf("%s %d %d\n", this->name, this->secs, this->mins);
	exit(0);
}

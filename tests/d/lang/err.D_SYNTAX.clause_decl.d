/* D has no declarations inside a clause, only before the clauses */
BEGIN
{
	this int x;
	exit(0);
}

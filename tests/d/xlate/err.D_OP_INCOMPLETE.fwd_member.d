/* -> on a pointer to a struct that is declared but never defined */
struct nowhere *np;

BEGIN
{
	trace(np->field);
	exit(0);
}

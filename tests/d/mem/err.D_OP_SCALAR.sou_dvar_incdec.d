/* ++ of a struct-valued clause-local */
struct pt { int x; int y; };
struct pt g;

BEGIN
{
	this->p = g;
	this->p++;
}

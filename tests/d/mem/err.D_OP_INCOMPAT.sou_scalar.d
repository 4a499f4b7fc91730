/* a scalar assigned to a struct */
struct pt { int x; int y; };
struct pt a;

BEGIN
{
	a = 1;
}

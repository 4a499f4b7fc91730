/* struct assignment between different types */
struct pt { int x; int y; };
struct qt { int x; int y; };
struct pt a;
struct qt b;

BEGIN
{
	a = b;
}

/* a variable of a struct type that is only declared, not defined */
struct later v;
struct later { int a; };

BEGIN
{
	exit(0);
}

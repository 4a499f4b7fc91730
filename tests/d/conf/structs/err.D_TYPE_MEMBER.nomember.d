/*
 * Structs and Unions chapter: naming a member the struct does not have.
 */

struct s {
	int a;
};

struct s x;

BEGIN
{
	trace(x.b);
	exit(0);
}

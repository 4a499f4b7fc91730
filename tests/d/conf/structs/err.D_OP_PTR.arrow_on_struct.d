/*
 * Structs and Unions chapter: -> needs a pointer to a struct or union;
 * a struct value takes "." instead.
 */

struct s {
	int a;
};

struct s x;

BEGIN
{
	trace(x->a);
	exit(0);
}

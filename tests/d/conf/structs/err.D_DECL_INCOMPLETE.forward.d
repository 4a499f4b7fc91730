/*
 * Structs and Unions chapter: a variable cannot have an incomplete
 * struct type.
 */

struct undefined_here;
struct undefined_here v;

BEGIN
{
	exit(0);
}

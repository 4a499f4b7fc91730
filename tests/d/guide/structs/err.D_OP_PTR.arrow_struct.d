/*
 * Structs and Unions, pointers to structs: -> applies to a pointer to a
 * struct or union, not to the struct itself.
 */

struct foo {
	int x;
};

struct foo f;

BEGIN
{
	trace(f->x);
}

/*
 * Structs and Unions, member sizes and offsets: offsetof() takes a
 * struct or union type.
 */

BEGIN
{
	trace(offsetof(int, x));
}

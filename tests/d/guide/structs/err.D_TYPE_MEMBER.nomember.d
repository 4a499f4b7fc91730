/*
 * Structs and Unions, structs: a member name must be declared in the
 * struct.
 */

struct callinfo {
	uint64_t ts;
	uint64_t calls;
};

struct callinfo c;

BEGIN
{
	trace(c.elapsed);
}

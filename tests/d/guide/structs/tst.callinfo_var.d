/*
 * Structs and Unions, structs: a global of type struct callinfo, its
 * members reached with the . operator, and the struct's size and member
 * offsets (members laid out in order, with alignment padding).
 */
/* @@opts: -q */

struct callinfo {
	uint64_t ts;
	uint64_t elapsed;
	uint64_t calls;
	size_t maxbytes;
};

struct callinfo c;

BEGIN
{
	c.calls++;
	c.calls++;
	c.maxbytes = 512;
	printf("%d %d %d\n", c.calls, c.maxbytes, c.ts);
	printf("%d %d %d\n", sizeof (struct callinfo),
	    offsetof(struct callinfo, elapsed),
	    offsetof(struct callinfo, maxbytes));
	exit(0);
}

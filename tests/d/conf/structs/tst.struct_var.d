/*
 * Structs and Unions chapter: a struct declared in the program, a
 * global of that type, member assignment with . and access through a
 * pointer with ->.
 */
/* @@opts: -q */

struct callinfo {
	uint64_t ts;
	uint64_t elapsed;
	uint64_t calls;
	size_t maxbytes;
};

struct callinfo ci;

BEGIN
{
	ci.ts = 100;
	ci.elapsed = 20;
	ci.calls++;
	ci.calls++;
	ci.maxbytes = ci.ts > ci.elapsed ? ci.ts : ci.elapsed;
	printf("%d %d %d %d\n", ci.ts, ci.elapsed, ci.calls, ci.maxbytes);
	printf("%d %d\n", sizeof (ci), sizeof (struct callinfo));
	printf("%d %d\n", offsetof(struct callinfo, calls),
	    offsetof(struct callinfo, maxbytes));
	exit(0);
}

/*
 * The printsize option limits the bytes print() shows: "..." where they
 * end, inside the struct or union that uses up the last of them (as in
 * Oracle's DTrace for Linux); setopt() changes it for the print()s that
 * follow.  Also: typedef names and C names of base types in the casts.
 */
/* @@trigger: workload -n memtest -c 1 writehex 010000007465737400000000000000004e61bc0000000000cefaedfecefaedfe64000000000000000100000001000000 */

#pragma D option quiet
#pragma D option printsize=8

enum eh { FIRSTVAL = 1, SECONDVAL = 2, THIRDVAL = 3 };

struct test_struct {
	int a;
	char b[5];
	union {
		uint8_t c;
		unsigned long long d;
	} u;
	struct {
		void *e;
		uint64_t f;
	} s;
	_Bool g;
	enum eh h;
};

syscall::write:entry
/execname == "memtest"/
{
	t = (struct test_struct *)copyin(arg1, sizeof (struct test_struct));
	printf("a %d; b %d; u %d; s %d; g %d; h %d\n",
	    offsetof(struct test_struct, a),
	    offsetof(struct test_struct, b),
	    offsetof(struct test_struct, u),
	    offsetof(struct test_struct, s),
	    offsetof(struct test_struct, g),
	    offsetof(struct test_struct, h));
	print(t);
	setopt("printsize", "24");
	print(t);
	setopt("printsize", "0");
	print(t);
	exit(0);
}

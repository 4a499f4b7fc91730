/*
 * print() of a script's struct through a pointer, in Oracle DTrace's
 * form: nested union and anonymous struct, a char array, a pointer, an
 * enum and bit-fields; zero members are left out.
 */
/* @@trigger: workload -n memtest -c 1 writehex 0100000074657374000000000000000015cd5b070000000000007eca7a9bffffb168de3a0000000001000000050d0000*/

#pragma D option quiet

enum eh { FIRSTVAL = 0, SECONDVAL = 1, THIRDVAL = 3 };

struct test_struct {
	int a;
	char b[5];
	union {
		unsigned char c;
		uint64_t d;
	} u;
	struct {
		void *e;
		uint64_t f;
	} s;
	enum eh h;
	unsigned int bf : 3;
	int sbf : 4;
};

syscall::write:entry
/execname == "memtest"/
{
	print((struct test_struct *)copyin(arg1, sizeof (struct test_struct)));
	exit(0);
}

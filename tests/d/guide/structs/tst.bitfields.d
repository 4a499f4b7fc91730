/*
 * Structs and Unions, bit-fields: members of a given number of bits,
 * packed into their integer type; the Guide's struct with a 1-bit,
 * 2-bit and 4-bit field, and values that overflow a field being
 * truncated to its width.
 */
/* @@opts: -q */

struct mask {
	int a : 1;
	int b : 2;
	int c : 4;
	uint32_t d : 4;
};

struct mask m;

BEGIN
{
	m.d = 0x1f;
	m.c = 5;
	printf("%d %d\n", m.d, m.c);
	printf("%d\n", sizeof (struct mask));
	exit(0);
}

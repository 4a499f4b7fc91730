/*
 * Structs and Unions chapter: a union's members share storage; its
 * size is that of the largest member.
 */
/* @@opts: -q */

union value {
	uint64_t u64;
	uint32_t u32;
	uint8_t bytes[8];
};

union value v;

BEGIN
{
	v.u64 = 0x1122334455667788;
	printf("%x %x %x\n", v.u32, v.bytes[0], v.bytes[7]);
	printf("%d\n", sizeof (union value));
	exit(0);
}

/*
 * Structs and Unions, unions: all members start at offset 0 and the
 * union is as large as its largest member.
 */
/* @@opts: -q */

union value {
	uint8_t b;
	uint32_t w;
	uint64_t q;
};

union value v;

BEGIN
{
	v.q = 0x1122334455667788;
	printf("%x %x %x\n", v.b, v.w, v.q);
	printf("%d %d\n", sizeof (union value), offsetof(union value, w));
	exit(0);
}

/*
 * Integer constant expressions in declarations fold casts, "?:", %, ^,
 * comparisons and logical operators, as DTrace's parser does: needed by
 * system headers (fd_set, <ctype.h>'s enumerators).
 */
/* @@opts: -q */

enum bits {
	B_CAST = (char)0x104,
	B_COND = (2 < 8 ? (1 << 2) << 8 : (1 << 2) >> 8),
	B_MOD = 17 % 5,
	B_XOR = 6 ^ 3,
	B_LOGIC = (1 && 0) + (0 || 2) + (3 ^^ 0) + (4 >= 4) + (2 != 2),
	B_UCHAR = (unsigned char)-1
};

char arr[(short)0x10008 * 2 + (B_MOD == 2)];

BEGIN
{
	printf("%d %d %d %d %d %d\n", B_CAST, B_COND, B_MOD, B_XOR, B_LOGIC,
	    B_UCHAR);
	printf("%d\n", sizeof (arr));
	exit(0);
}

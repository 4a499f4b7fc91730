/*
 * Type name scoping: D's own type names, then the script's typedefs,
 * then the kernel's.  A script typedef shadows a kernel one of the same
 * name; outside type positions a kernel type name is an ordinary
 * identifier (a variable or member name).
 */
/* @@opts: -q */

typedef int u8;			/* the kernel's u8 is one byte */
typedef char size_t_local;
struct names {
	u8 u8;
	u32 loff_t;
};
struct names n;

BEGIN
{
	u32 = 5;
	this->loff_t = 7;
	self->u64 = 9;
	n.u8 = 300;
	n.loff_t = 0x100000001;
	x = 3;
	printf("%d %d %d\n", sizeof (u8), sizeof (struct names),
	    sizeof (size_t));
	printf("%d %d %d %d %d\n", u32 + 1, this->loff_t, self->u64, n.u8,
	    n.loff_t);
	printf("%d %d %d\n", (x) - 1, (x) * 2, (u8)-1);
	exit(0);
}

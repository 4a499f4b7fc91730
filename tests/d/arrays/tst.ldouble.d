/*
 * long double is 16 bytes on x86-64 and aligned to 16 in a struct;
 * variables and members of the type can be declared, measured and
 * have their address taken; their values are copied whole (an unset
 * one is zero).
 */
#pragma D option quiet

long double ld;
struct m { int tag; long double val; char after; } g;

BEGIN
{
	printf("%d %d\n", sizeof (ld), sizeof (long double));
	printf("%d %d\n", offsetof(struct m, val), offsetof(struct m, after));
	printf("%d\n", sizeof (g.val));
	printf("%d\n", (int)((uintptr_t)&g.after - (uintptr_t)&g.val));
	g.val = ld;
	printf("%Lg\n", g.val);
	exit(0);
}

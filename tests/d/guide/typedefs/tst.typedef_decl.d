/*
 * Type and Constant Definitions, typedef: the name is declared exactly
 * like a variable of the type, so typedefs of pointer and array types
 * work as in C.
 */
/* @@opts: -q */

typedef char *charptr_t;
typedef int arr5_t[5];

arr5_t a;

BEGIN
{
	printf("%d %d\n", sizeof (charptr_t), sizeof (arr5_t));
	a[2] = 3;
	printf("%d %d\n", a[2], a[3]);
	exit(0);
}

/*
 * &a[N] points just past the end of a global array, as in C, so
 * pointer differences over the whole array work; element addresses
 * step by the element size.
 */
#pragma D option quiet

short s[6];
struct pair { char c; int i; } ps[3];

BEGIN
{
	printf("%d\n", &s[6] - &s[0]);
	printf("%d\n", (int)((uintptr_t)&s[6] - (uintptr_t)&s[0]));
	printf("%d\n", (int)((uintptr_t)&ps[3] - (uintptr_t)&ps[1]));
	exit(0);
}

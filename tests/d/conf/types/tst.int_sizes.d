/*
 * Types chapter: the integer types and their sizes on a 64-bit (LP64)
 * system, and the fixed-width aliases.
 */
/* @@opts: -q */

BEGIN
{
	printf("%d %d %d %d %d\n", sizeof (char), sizeof (short),
	    sizeof (int), sizeof (long), sizeof (long long));
	printf("%d %d %d %d\n", sizeof (int8_t), sizeof (int16_t),
	    sizeof (int32_t), sizeof (int64_t));
	printf("%d %d %d %d\n", sizeof (uint8_t), sizeof (uint16_t),
	    sizeof (uint32_t), sizeof (uint64_t));
	printf("%d %d %d\n", sizeof (intptr_t), sizeof (uintptr_t),
	    sizeof (void *));
	printf("%d %d %d\n", sizeof (signed char), sizeof (unsigned short),
	    sizeof (unsigned long long));
	exit(0);
}

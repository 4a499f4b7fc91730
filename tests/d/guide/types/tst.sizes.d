/*
 * Types, Operators, and Expressions: the table of D integer types and
 * their sizes for the 64-bit (LP64) data model.
 */
/* @@opts: -q */

BEGIN
{
	printf("char %d short %d int %d long %d long long %d\n",
	    sizeof (char), sizeof (short), sizeof (int), sizeof (long),
	    sizeof (long long));
	printf("int8_t %d int16_t %d int32_t %d int64_t %d intptr_t %d\n",
	    sizeof (int8_t), sizeof (int16_t), sizeof (int32_t),
	    sizeof (int64_t), sizeof (intptr_t));
	printf("uint8_t %d uint16_t %d uint32_t %d uint64_t %d uintptr_t %d\n",
	    sizeof (uint8_t), sizeof (uint16_t), sizeof (uint32_t),
	    sizeof (uint64_t), sizeof (uintptr_t));
	exit(0);
}

/*
 * A pointer into map memory (alloca()'s) cast to an integer is a plain
 * number: it can be shifted, masked and multiplied, which the verifier
 * refuses on a pointer.  Kernel addresses have their top bit set.
 */
#pragma D option quiet

BEGIN
{
	this->p = (char *)alloca(16);
	printf("%d %d %d\n", ((uint64_t)alloca(8)) >> 63,
	    ((uintptr_t)this->p) & 7, ((long)this->p) * 0);
	printf("%d\n", ((uint64_t)(this->p + 8) - (uint64_t)this->p) << 2);
	exit(0);
}

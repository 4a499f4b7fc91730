/*
 * -C with <endian.h>: glibc's static inline byte-swapping functions are
 * read past; its macros and typedefs are usable in D.
 */
/* @@opts: -q -C */

#include <endian.h>

struct halves {
#if __BYTE_ORDER == __LITTLE_ENDIAN
	__uint32_t lo;
	__uint32_t hi;
#else
	__uint32_t hi;
	__uint32_t lo;
#endif
};

BEGIN
{
	x = (struct halves *)alloca(sizeof (struct halves));
	*(uint64_t *)x = 0x1122334455667788ULL;
	printf("%x %x %d\n", x->hi, x->lo, sizeof (__uint16_t));
	printf("%s\n", __BYTE_ORDER == __LITTLE_ENDIAN ? "little" : "big");
	exit(0);
}

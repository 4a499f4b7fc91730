/*
 * -C with <stdint.h> and <sys/types.h>: their limits and typedefs, and
 * fd_set, whose array size is a constant expression with a cast and
 * sizeof ("1024 / (8 * (int) sizeof (__fd_mask))").
 */
/* @@opts: -q -C */

#include <stdint.h>
#include <sys/types.h>

int32_t small;
fd_set myset;

BEGIN
{
	small = INT32_MAX;
	printf("%d %d %d\n", small, sizeof (int_least16_t), sizeof (pid_t));
	printf("%d %d\n", sizeof (myset), sizeof (myset.__fds_bits) /
	    sizeof (myset.__fds_bits[0]));
	printf("%u %d\n", UINT16_MAX, sizeof (u_int64_t));
	exit(0);
}

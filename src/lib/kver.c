#include "kver.h"

#include <stdio.h>
#include <sys/utsname.h>

bool kernel_at_least(int major, int minor)
{
	struct utsname u;
	int ma, mi;

	if (uname(&u) != 0 || sscanf(u.release, "%d.%d", &ma, &mi) != 2)
		return false;
	return ma > major || (ma == major && mi >= minor);
}

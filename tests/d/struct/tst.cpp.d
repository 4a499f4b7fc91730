/* -C: the system cpp, with -D and -I */
/* @@opts: -C -D GREETING="hi" -I tests/d/struct */
#include "cpp_inc.h"
#pragma D option quiet

BEGIN
{
	printf("%s %d\n", GREETING, TWICE(21));
	exit(0);
}

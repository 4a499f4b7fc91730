/*
 * -C: anonymous struct and union members are taken in system headers
 * only; in the script a member still requires a name.
 */
/* @@opts: -C */

#include <signal.h>

struct pair {
	union {
		int i;
		long l;
	};
	int tag;
};

BEGIN
{
	exit(0);
}

/*
 * -C with <stdio.h>, <signal.h> and <unistd.h>: prototypes with array
 * parameters ("char *const argv[]"), anonymous unions (mcontext's
 * fpstate) and flexible array members are accepted in system headers.
 */
/* @@opts: -q -C */

#include <stdio.h>
#include <signal.h>
#include <unistd.h>

BEGIN
{
	printf("%d %d %d\n", EOF, BUFSIZ, SIGKILL);
	printf("%d %d\n", sizeof (D`off_t), STDERR_FILENO);
	exit(0);
}

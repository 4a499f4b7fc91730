/* switchrate, statusrate: accepted with rates and times; output as usual. */
/* @@opts: -q -x switchrate=10hz -x statusrate=50ms */

BEGIN
{
	printf("ok\n");
	exit(0);
}

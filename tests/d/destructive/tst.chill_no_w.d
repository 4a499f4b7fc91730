/* chill() is destructive: without -w, tracing is not enabled. */
/* @@opts: -q */
/* @@exit: 1 */

BEGIN
{
	chill(1000);
	exit(0);
}

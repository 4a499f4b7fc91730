/*
 * exit(N) ends tracing and makes N dtrace's exit status.
 */
/* @@opts: -q */
/* @@exit: 3 */

BEGIN
{
	exit(3);
}

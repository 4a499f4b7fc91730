/*
 * Variables chapter: using a variable never assigned anywhere in the
 * program is an error.
 */

BEGIN
{
	trace(neverassigned + 1);
	exit(0);
}

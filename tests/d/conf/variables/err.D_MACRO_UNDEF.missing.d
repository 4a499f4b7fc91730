/*
 * Variables chapter: a macro argument that was not supplied is an
 * error (unless defaultargs is set).
 */

BEGIN
{
	trace($3);
	exit(0);
}

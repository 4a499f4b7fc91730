/*
 * A clause that is never closed is a syntax error.
 */

BEGIN
{
	exit(0);

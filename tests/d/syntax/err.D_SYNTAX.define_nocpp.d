/*
 * "define X 5" (a cpp line without its "#") is a probe description:
 * define is no type, so this is no declaration.
 */
define VALUE 5

BEGIN
{
	exit(VALUE);
}

/*
 * Scripting, macro arguments: referring to an argument that was not
 * given is an error (unless the defaultargs option is set).
 */

BEGIN
{
	trace($1);
}

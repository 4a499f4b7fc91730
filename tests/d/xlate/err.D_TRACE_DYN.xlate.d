/*
 * trace() of a translated value, here curpsinfo (an xlate to a pointer):
 * its type is dynamic, only its members are values to record.
 */
BEGIN
{
	trace(curpsinfo);
	exit(0);
}

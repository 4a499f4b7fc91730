/* a translated pointer (curpsinfo) is not a value an aggregation can key on */
#pragma D option quiet

BEGIN
{
	@procs[curpsinfo] = count();
	exit(0);
}

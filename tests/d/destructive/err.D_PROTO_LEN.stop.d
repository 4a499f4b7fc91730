/* stop() takes no argument */
#pragma D option quiet

BEGIN
{
	stop(1);
}

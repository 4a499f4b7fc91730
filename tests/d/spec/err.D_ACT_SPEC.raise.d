/* destructive actions may not follow speculate() */
#pragma D option quiet

BEGIN
{
	speculate(1);
	raise(9);
}

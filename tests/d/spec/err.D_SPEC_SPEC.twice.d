/* speculate() may not follow speculate() */
#pragma D option quiet

BEGIN
{
	speculate(1);
	speculate(1);
}

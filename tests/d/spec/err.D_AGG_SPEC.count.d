/* aggregations may not follow speculate() */
#pragma D option quiet

BEGIN
{
	speculate(1);
	@c = count();
}

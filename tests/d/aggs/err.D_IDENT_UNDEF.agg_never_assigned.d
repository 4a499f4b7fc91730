/* An aggregation never assigned, named alone: DTrace cannot resolve it */
BEGIN
{
	@a;
}

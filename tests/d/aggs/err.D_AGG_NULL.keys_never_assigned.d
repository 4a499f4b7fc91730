/* An aggregation with keys, alone, never assigned: DTrace creates it as
 * it reads the keys, so the statement has no effect (not unknown) */
BEGIN
{
	@a[1];
}

/* an action's (void) result cannot be an aggregation key */
BEGIN
{
	@calls[printf("x")] = sum(1);
}

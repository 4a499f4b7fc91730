/*
 * Actions are statements, not values.
 */
BEGIN
{
	x = trace(1);
}

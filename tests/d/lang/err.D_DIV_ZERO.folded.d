/* a divisor that folds to 0, however it is written, as DTrace folds it */
BEGIN
{
	x = 123 / ((7 - 7) * 999);
}

/*
 * An aggregation in an expression has a dynamic type: the operator
 * refuses it in its words ("+" on an "aggregation").
 */
BEGIN
{
	@a = count();
	trace(@a + 3);
}

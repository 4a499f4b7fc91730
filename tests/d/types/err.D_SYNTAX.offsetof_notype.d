/* offsetof's first operand must be a type name */
BEGIN
{
	trace(offsetof(no_such_type_t, member));
}

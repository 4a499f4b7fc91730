/* sizeof of an unknown name: not a type, so an undefined variable */
BEGIN
{
	trace(sizeof (no_such_type_t));
	exit(0);
}

/* a type name neither D, the script nor the kernel defines */
BEGIN
{
	trace((no_such_type_t)1);
}

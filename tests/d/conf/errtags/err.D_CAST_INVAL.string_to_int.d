/* a string is not scalar: it cannot be cast to an integer */
BEGIN
{
	trace((int)execname);
	exit(0);
}

/*
 * long with a struct: DTrace checks the attributes once the type is
 * named, as it reads the "{" (so the error is on that line).
 */
long struct s
{
	int i;
};

/* nor to a pointer: DTrace allows string casts only to string or void */
BEGIN
{
	trace((char *)"text");
	exit(0);
}

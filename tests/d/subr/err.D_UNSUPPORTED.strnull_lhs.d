/* NULL on the left of the comparison, through a variable */
BEGIN
{
	s = strchr("abc", 'z');
	trace(NULL != s);
	exit(0);
}
